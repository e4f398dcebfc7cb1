// One run's socket: opens it and sends the request, feeds its frames to the intake, and ends it exactly once.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { StreamRequest } from '../contract';
import { createDeltaBatcher } from './deltaBatcher';
import { createFrameIntake, type MalformedFrameReporter } from './frameIntake';
import type { FrameScheduler } from './frameScheduler';
import { streamFailed, streamStopped, type SendRequest, type StreamErrorFields } from './socketActions';

const connectionError = (): StreamErrorFields => ({ source: 'connection', error: 'WebSocket connection error' });

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
}

export interface RunConnection {
  /** Ends the run at the user's request or on sign-out, keeping what arrived. */
  stop(reason: 'stopped' | 'signedOut'): void;
}

type RunRequest = SendRequest & { runId: string };

/** Null when the socket cannot even be created; the run has then failed already. */
export function openRunConnection(request: RunRequest, options: RunConnectionOptions): RunConnection | null {
  const { runId, message, sessionId, fileIds } = request;
  const { dispatch } = options;
  let socket: WebSocket;
  try {
    socket = new options.WebSocketImpl(options.url);
  } catch {
    dispatch(streamFailed({ runId, error: connectionError(), sessionId }));
    return null;
  }

  let ended = false;
  const batcher = createDeltaBatcher(runId, options.scheduler, dispatch);
  const intake = createFrameIntake({
    runId,
    sessionId,
    batcher,
    dispatch,
    reportMalformed: options.reportMalformed,
    end,
    fail,
  });

  function end(): void {
    if (ended) return;
    ended = true;
    batcher.flush();
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    // CONNECTING (0) or OPEN (1); the constants are not on every WebSocket implementation.
    if (socket.readyState <= 1) socket.close();
    options.onEnded();
  }

  function fail(error: StreamErrorFields): void {
    if (ended) return;
    end();
    dispatch(streamFailed({ runId, error, sessionId: intake.sessionId }));
  }

  socket.binaryType = 'arraybuffer';
  const body: StreamRequest = { message, session_id: sessionId, file_ids: fileIds };
  socket.onopen = () => socket.send(JSON.stringify(body));
  socket.onmessage = (event: MessageEvent) => {
    if (ended) return;
    options.onFrame?.(runId, event.data);
    intake.receive(event.data);
  };
  socket.onerror = () => fail(connectionError());
  socket.onclose = () => fail(connectionError());

  return {
    stop(reason) {
      end();
      dispatch(streamStopped({ runId, reason }));
    },
  };
}
