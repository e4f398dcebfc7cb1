// One run's connection: opens a socket and sends the request (or asks to follow a run already going), feeds its frames
// to the intake, and ends it exactly once. The run lives on the server, so a socket that drops mid-run is opened
// again with capped exponential back-off and jitter and resumes after the last frame applied (docs/PROTOCOL.md).
import type { UnknownAction } from '@reduxjs/toolkit';
import type { StreamRequest } from '../../../contract/types';
import { createDeltaBatcher } from './deltaBatcher';
import { createFrameIntake, type MalformedFrameReporter } from './frameIntake';
import type { FrameScheduler } from './frameScheduler';
import {
  connectionChanged,
  streamFailed,
  streamStopped,
  type SendRequest,
  type StopReason,
  type StreamErrorFields,
} from './socketActions';

const connectionError = (): StreamErrorFields => ({ source: 'connection', error: 'WebSocket connection error' });

/** Reconnection: the first retry after about a second, doubling to at most 30 s, for about five minutes in all. */
export const RECONNECT = { baseMs: 1000, maxMs: 30_000, attempts: 12 } as const;

/** The wait before retry `attempt` (0, 1, 2, …): exponential, capped, with jitter so clients do not return at once. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT.maxMs, RECONNECT.baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface RunConnectionOptions {
  url: string;
  WebSocketImpl: typeof WebSocket;
  scheduler: FrameScheduler;
  dispatch: (action: UnknownAction) => void;
  reportMalformed: MalformedFrameReporter;
  /** Sees every raw frame of the run before it is parsed (the stream recorder). */
  onFrame?: (runId: string, raw: unknown) => void;
  /** The run ended (completed, failed or stopped); its socket is closed and later events of it are ignored. */
  onEnded: () => void;
  /** Stop when no socket is open (it dropped): the HTTP Stop of the run. */
  stopOverHttp?: (serverRunId: string) => void;
  /** Timers and randomness, for tests. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
  /** Fires `online` when the device is back on a network: a waiting retry goes at once. */
  network?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

export interface RunConnection {
  /** Stops following the run, keeping what arrived; at the user's Stop (only) the server stops it too. */
  stop(reason: StopReason): void;
}

/** A new run (its request is sent) or one already running on the server (followed from its first frame). */
type RunRequest = (SendRequest & { runId: string; follow?: undefined }) | FollowRequest;
interface FollowRequest {
  runId: string;
  sessionId: string | null;
  follow: { serverRunId: string };
}

const OPEN = 1;

/** Null when the socket cannot even be created; the run has then failed already. */
export function openRunConnection(request: RunRequest, options: RunConnectionOptions): RunConnection | null {
  const { runId, sessionId } = request;
  const { dispatch } = options;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const network = options.network ?? (typeof window === 'undefined' ? undefined : window);

  let ended = false;
  let socket: WebSocket | null = null;
  /** Retries since frames last flowed. */
  let attempt = 0;
  let retry: unknown = null;
  /** Frames flow on the current socket (a resume was answered), so the state words can go. */
  let flowing = false;

  const batcher = createDeltaBatcher(runId, options.scheduler, dispatch);
  const intake = createFrameIntake({
    runId,
    sessionId,
    batcher,
    dispatch,
    reportMalformed: options.reportMalformed,
    end,
    fail,
    serverRunId: request.follow?.serverRunId,
    gap: () => reopen(),
    stopped: () => {
      end();
      dispatch(streamStopped({ runId, reason: 'stopped' }));
    },
  });

  function detach(): void {
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    // CONNECTING (0) or OPEN (1); the constants are not on every WebSocket implementation.
    if (socket.readyState <= OPEN) socket.close();
    socket = null;
  }

  function end(): void {
    if (ended) return;
    ended = true;
    batcher.flush();
    if (retry !== null) clearTimer(retry);
    retry = null;
    network?.removeEventListener('online', retryNow);
    detach();
    options.onEnded();
  }

  function fail(error: StreamErrorFields): void {
    if (ended) return;
    end();
    dispatch(streamFailed({ runId, error, sessionId: intake.sessionId }));
  }

  /** Opens a socket; the first of a new run sends its request, every other one resumes after the last frame. */
  function connect(first: boolean): boolean {
    let next: WebSocket;
    try {
      next = new options.WebSocketImpl(options.url);
    } catch {
      return false;
    }
    socket = next;
    flowing = false;
    next.binaryType = 'arraybuffer';
    next.onopen = () => {
      if (first && !request.follow) {
        const body: StreamRequest = { message: request.message, session_id: sessionId, file_ids: request.fileIds };
        next.send(JSON.stringify(body));
      } else {
        next.send(JSON.stringify({ type: 'resume', run_id: intake.serverRunId, after_seq: intake.lastSeq }));
      }
    };
    next.onmessage = (event: MessageEvent) => {
      if (ended) return;
      if (!flowing) {
        flowing = true;
        if (attempt > 0) {
          attempt = 0;
          dispatch(connectionChanged({ runId, state: 'connected' }));
        }
      }
      options.onFrame?.(runId, event.data);
      intake.receive(event.data);
    };
    next.onerror = () => lost();
    next.onclose = (event?: CloseEvent) => lost(event?.code);
    return true;
  }

  /** The socket dropped: a run the server numbers is resumed later; one it does not (or never started) has failed. */
  function lost(closeCode?: number): void {
    if (ended) return;
    detach();
    batcher.flush();
    if (intake.serverRunId === null || attempt >= RECONNECT.attempts) return fail(connectionError());
    const wait = backoffMs(attempt, options.random);
    attempt += 1;
    dispatch(
      connectionChanged({
        runId,
        state: 'waiting',
        attempt,
        retryAt: new Date(Date.now() + wait).toISOString(),
        ...(closeCode !== undefined ? { closeCode } : {}),
      }),
    );
    network?.addEventListener('online', retryNow);
    retry = setTimer(retryNow, wait);
  }

  function retryNow(): void {
    if (ended || socket) return;
    if (retry !== null) clearTimer(retry);
    retry = null;
    network?.removeEventListener('online', retryNow);
    dispatch(connectionChanged({ runId, state: 'reconnecting', attempt, afterSeq: intake.lastSeq }));
    if (!connect(false)) lost();
  }

  /** A gap in the frames: this socket is dropped and a new one resumes after the last frame applied. */
  function reopen(): void {
    if (ended) return;
    detach();
    batcher.flush();
    if (!connect(false)) lost();
  }

  if (!connect(true)) {
    dispatch(streamFailed({ runId, error: connectionError(), sessionId }));
    return null;
  }

  return {
    stop(reason) {
      const serverRunId = intake.serverRunId;
      if (reason === 'stopped') {
        // The server stops the run (its model call and tools) and keeps what it produced.
        const open = socket !== null && socket.readyState === OPEN;
        if (open) socket!.send(JSON.stringify({ type: 'stop', ...(serverRunId ? { run_id: serverRunId } : {}) }));
        else if (serverRunId !== null) options.stopOverHttp?.(serverRunId);
      }
      end();
      dispatch(streamStopped({ runId, reason }));
    },
  };
}
