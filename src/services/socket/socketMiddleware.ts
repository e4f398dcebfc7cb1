// The one middleware that owns the team-chat WebSocket: opens it per run, turns frames into typed actions, closes it.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { assertNever, parseFrame, type ChunkFrame, type EndFrame, type RejectionKind } from './protocol';
import {
  memberResponses,
  runCompleted,
  sendRequested,
  stopRequested,
  streamFailed,
  streamStarted,
  streamStopped,
  textDelta,
  toolCompleted,
  toolStarted,
  toolsReported,
  isReplayed,
  type SendRequestedAction,
  type StreamErrorFields,
} from './socketActions';
import { animationFrameScheduler, type FrameScheduler } from './frameScheduler';
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
}

export const CONNECTION_ERROR = 'WebSocket connection error';
/** A rejected frame's explanation is cut here so one huge bad frame cannot flood the console. */
const MAX_DETAIL = 300;

interface Run {
  runId: string;
  socket: WebSocket;
  /** Stream events waiting for the next frame, in arrival order; text not yet in them is in `buffer`. */
  pending: UnknownAction[];
  buffer: string;
  flushHandle: unknown;
  sessionId: string | null;
  teamId: string | null;
}

function defaultLocation(): PageLocation {
  return typeof location === 'undefined' ? { protocol: 'http:', host: 'localhost' } : location;
}

export function createSocketMiddleware(options: SocketMiddlewareOptions = {}): Middleware {
  const scheduler = options.scheduler ?? animationFrameScheduler;
  const logger = options.logger ?? console;
  const signOutTypes = new Set(options.signOutActionTypes ?? []);
  const reported = new Set<RejectionKind>();

  return (api) => {
    let run: Run | null = null;
    const dispatch = (action: UnknownAction) => api.dispatch(action);

    /** Dispatches what arrived since the last frame in one go, so React renders it once. */
    function flush(r: Run): void {
      if (r.flushHandle !== null) scheduler.cancel(r.flushHandle);
      r.flushHandle = null;
      closeText(r);
      const actions = r.pending;
      r.pending = [];
      for (const action of actions) dispatch(action);
    }

    /** Text so far becomes one delta, so the events after it keep their place in the reply. */
    function closeText(r: Run): void {
      if (r.buffer === '') return;
      r.pending.push(textDelta({ runId: r.runId, text: r.buffer }));
      r.buffer = '';
    }

    function schedule(r: Run): void {
      if (r.flushHandle !== null) return;
      r.flushHandle = scheduler.request(() => {
        r.flushHandle = null;
        flush(r);
      });
    }

    /** A stream event (tool, member responses) joins the frame's batch after the text before it. */
    function queueEvent(r: Run, action: UnknownAction): void {
      closeText(r);
      r.pending.push(action);
      schedule(r);
    }

    /** Ends the run's socket; later frames and close events of it are ignored. */
    function finish(r: Run): void {
      flush(r);
      r.socket.onopen = null;
      r.socket.onmessage = null;
      r.socket.onerror = null;
      r.socket.onclose = null;
      // CONNECTING (0) or OPEN (1); the constants are not on every WebSocket implementation.
      if (r.socket.readyState <= 1) r.socket.close();
      if (run === r) run = null;
    }

    function fail(r: Run, error: StreamErrorFields): void {
      if (run !== r) return;
      finish(r);
      dispatch(streamFailed({ runId: r.runId, error, sessionId: r.sessionId }));
    }

    function onPayload(r: Run, frame: ChunkFrame | EndFrame): void {
      if (frame.session_id) r.sessionId = frame.session_id;
      if (frame.team_id) r.teamId = frame.team_id;
      let activeId: string | null = null;
      switch (frame.event) {
        case 'ToolCallStarted':
        case 'ToolCallCompleted': {
          activeId = frame.active_tool.tool_call_id;
          const event = frame.event === 'ToolCallStarted' ? toolStarted : toolCompleted;
          queueEvent(r, event({ runId: r.runId, tool: frame.active_tool }));
          break;
        }
        case 'RunCompleted':
        case null:
          break;
        default:
          assertNever(frame);
      }
      const others = frame.tools.filter((tool) => tool.tool_call_id !== activeId);
      if (others.length > 0) queueEvent(r, toolsReported({ runId: r.runId, tools: others }));
      if (frame.member_responses.length > 0) {
        queueEvent(r, memberResponses({ runId: r.runId, memberResponses: frame.member_responses }));
      }
      const final = frame.type === 'end' || frame.done || frame.event === 'RunCompleted';
      if (!final) {
        if (frame.content !== '') queueText(r, frame.content);
        return;
      }
      finish(r);
      dispatch(runCompleted({ runId: r.runId, sessionId: r.sessionId, teamId: r.teamId, finalContent: frame.content }));
    }

    function queueText(r: Run, text: string): void {
      r.buffer += text;
      schedule(r);
    }

    function onMessage(r: Run, raw: unknown): void {
      if (run !== r) return;
      options.onFrame?.(r.runId, raw);
      const parsed = parseFrame(raw);
      if (!parsed.ok) {
        if (!reported.has(parsed.kind)) {
          reported.add(parsed.kind);
          logger.warn(
            `Team chat: skipped a malformed stream frame (${parsed.kind}): ${parsed.detail.slice(0, MAX_DETAIL)}`,
          );
        }
        return;
      }
      const frame = parsed.frame;
      switch (frame.type) {
        case 'start':
          flush(r);
          if (frame.session_id) r.sessionId = frame.session_id;
          if (frame.team_id) r.teamId = frame.team_id;
          dispatch(streamStarted({ runId: r.runId, sessionId: frame.session_id }));
          return;
        case 'error':
          if (frame.session_id) r.sessionId = frame.session_id;
          fail(r, {
            source: 'frame',
            structured: frame.structured,
            error: frame.error,
            error_code: frame.error_code,
            message: frame.message,
            detail: frame.detail,
          });
          return;
        case 'chunk':
        case 'end':
          onPayload(r, frame);
          return;
        default:
          assertNever(frame);
      }
    }

    function open(action: SendRequestedAction): void {
      const { runId, teamId, message, sessionId, fileIds } = action.payload;
      const WebSocketImpl = options.WebSocketImpl ?? globalThis.WebSocket;
      const wsBase = wsBaseFrom(options.apiBaseUrl ?? '/api/v1', options.location ?? defaultLocation());
      const url = teamSocketUrl(wsBase, teamId, options.getToken?.() ?? null, sessionId);
      let socket: WebSocket;
      try {
        socket = new WebSocketImpl(url);
      } catch {
        dispatch(streamFailed({ runId, error: { source: 'connection', error: CONNECTION_ERROR }, sessionId }));
        return;
      }
      const r: Run = { runId, socket, pending: [], buffer: '', flushHandle: null, sessionId, teamId: null };
      run = r;
      socket.binaryType = 'arraybuffer';
      socket.onopen = () => socket.send(JSON.stringify({ message, session_id: sessionId, file_ids: fileIds }));
      socket.onmessage = (event: MessageEvent) => onMessage(r, event.data);
      socket.onerror = () => fail(r, { source: 'connection', error: CONNECTION_ERROR });
      socket.onclose = () => fail(r, { source: 'connection', error: CONNECTION_ERROR });
    }

    function stop(reason: 'stopped' | 'signedOut'): void {
      const r = run;
      if (!r) return;
      finish(r);
      dispatch(streamStopped({ runId: r.runId, reason }));
    }

    return (next) => (action) => {
      if (isReplayed(action)) return next(action);
      if (sendRequested.match(action)) {
        if (run) return next(action);
        const result = next(action);
        open(action);
        return result;
      }
      if (stopRequested.match(action)) {
        const result = next(action);
        stop('stopped');
        return result;
      }
      if (typeof action === 'object' && action !== null && 'type' in action && signOutTypes.has(String(action.type))) {
        stop('signedOut');
      }
      return next(action);
    };
  };
}
