// The one middleware that owns the team-chat WebSocket: opens it per run, turns frames into typed actions, closes it.
import type { Middleware } from '@reduxjs/toolkit';
import { openRunConnection, type RunConnection, type RunConnectionOptions } from './connection';
import { reportMalformedFramesOnce } from './frameIntake';
import { animationFrameScheduler, type FrameScheduler } from './frameScheduler';
import {
  isReplayed,
  runResumed,
  sendRequested,
  stopRequested,
  type RunResumedAction,
  type SendRequestedAction,
  type StopReason,
} from './socketActions';
import { teamSocketUrl, wsBaseFrom, type PageLocation } from './socketUrl';

export interface SocketMiddlewareOptions {
  /** VITE_API_BASE_URL; same-origin `/api/v1` by default. */
  apiBaseUrl?: string;
  getToken?: () => string | null;
  location?: PageLocation;
  WebSocketImpl?: typeof WebSocket;
  scheduler?: FrameScheduler;
  /** Action types that mean the user signed out (the auth feature's logout), passed in so this never imports it. */
  signOutActionTypes?: readonly string[];
  /** Sees every raw frame of a run before it is parsed (the stream recorder). */
  onFrame?: (runId: string, raw: unknown) => void;
  logger?: Pick<Console, 'warn'>;
  /** The HTTP client for Stop when the socket is down (POST /runs/{id}/stop); `fetch` by default. */
  fetchImpl?: typeof fetch;
  /** Reconnection timers, randomness and the `online` event source, for tests. */
  reconnect?: Pick<RunConnectionOptions, 'setTimer' | 'clearTimer' | 'random' | 'network'>;
}

function defaultLocation(): PageLocation {
  return typeof location === 'undefined' ? { protocol: 'http:', host: 'localhost' } : location;
}

export function createSocketMiddleware(options: SocketMiddlewareOptions = {}): Middleware {
  const scheduler = options.scheduler ?? animationFrameScheduler;
  const reportMalformed = reportMalformedFramesOnce(options.logger ?? console);
  const signOutTypes = new Set(options.signOutActionTypes ?? []);
  const isSignOut = (action: unknown) =>
    typeof action === 'object' && action !== null && 'type' in action && signOutTypes.has(String(action.type));

  return (api) => {
    let run: RunConnection | null = null;

    function open(action: SendRequestedAction | RunResumedAction): void {
      const { teamId, sessionId } = action.payload;
      const apiBase = options.apiBaseUrl ?? '/api/v1';
      const wsBase = wsBaseFrom(apiBase, options.location ?? defaultLocation());
      const request = sendRequested.match(action)
        ? action.payload
        : { runId: action.payload.runId, sessionId, follow: { serverRunId: action.payload.serverRunId } };
      const connection = openRunConnection(request, {
        url: teamSocketUrl(wsBase, teamId, options.getToken?.() ?? null, sessionId),
        // Read when the run starts, so a WebSocket replaced after load (a test double) is the one used.
        WebSocketImpl: options.WebSocketImpl ?? globalThis.WebSocket,
        scheduler,
        dispatch: (a) => api.dispatch(a),
        reportMalformed,
        onFrame: options.onFrame,
        ...options.reconnect,
        onEnded: () => {
          if (run === connection) run = null;
        },
        stopOverHttp: (serverRunId) => {
          const token = options.getToken?.() ?? null;
          const fetchImpl = options.fetchImpl ?? globalThis.fetch;
          void fetchImpl?.(`${apiBase.replace(/\/+$/, '')}/runs/${encodeURIComponent(serverRunId)}/stop`, {
            method: 'POST',
            headers: token ? { Authorization: `Bearer ${token}` } : {},
          }).catch(() => undefined);
        },
      });
      run = connection;
    }

    function stop(reason: StopReason): void {
      run?.stop(reason);
    }

    return (next) => (action) => {
      if (isReplayed(action)) return next(action);
      if (sendRequested.match(action) || runResumed.match(action)) {
        if (run) return next(action);
        const result = next(action);
        open(action);
        return result;
      }
      if (stopRequested.match(action)) {
        const result = next(action);
        stop(action.payload.leave ? 'left' : 'stopped');
        return result;
      }
      if (isSignOut(action)) stop('signedOut');
      return next(action);
    };
  };
}
