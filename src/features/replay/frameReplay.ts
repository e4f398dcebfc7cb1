// Re-runs a recording's raw frames through today's parser and socket middleware: what the current code makes of an old stream.
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import {
  connectionChanged,
  runResumed,
  sendRequested,
  streamFailed,
  streamActionTypes,
  stopRequested,
  textDelta,
  type SendRequest,
} from '../../services/socket/socketActions';
import type { FrameScheduler } from '../../services/socket/frameScheduler';
import { createSocketMiddleware } from '../../services/socket/socketMiddleware';
import { chatReducer } from '../chat/chatSlice';
import type { ChatState } from '../chat/chatState';
import type { StreamRecording } from './recording';

/** Plays one recorded run's frames to the middleware as if a server sent them. */
class PlaybackSocket {
  static current: PlaybackSocket | null = null;
  readyState = 0;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;

  constructor(readonly url: string) {
    PlaybackSocket.current = this;
  }

  send(): void {}

  close(): void {
    this.readyState = 3;
  }

  deliver(raw: string): void {
    if (this.readyState === 0) {
      this.readyState = 1;
      this.onopen?.();
    }
    if (this.readyState === 1) this.onmessage?.({ data: raw });
  }

  drop(): void {
    if (this.readyState > 1) return;
    this.readyState = 3;
    // As a dropped network closes a socket: abnormal closure, no close frame.
    this.onclose?.({ code: 1006, reason: '', wasClean: false });
  }
}

/** Actions the middleware makes from frames: the replay makes them afresh instead of copying them. */
const INTENTS = new Set<string>([sendRequested.type, stopRequested.type, runResumed.type]);
const DERIVED = new Set(streamActionTypes.filter((type) => !INTENTS.has(type)));

function manualScheduler(): FrameScheduler & { frame(): void } {
  let pending: (() => void) | null = null;
  return {
    request: (callback) => (pending = callback),
    cancel: () => (pending = null),
    frame: () => {
      const callback = pending;
      pending = null;
      callback?.();
    },
  };
}

export interface FrameReplayResult {
  state: ChatState;
  /** What the parser reported about malformed frames. */
  warnings: string[];
}

export function replayFrames(recording: StreamRecording): FrameReplayResult {
  const warnings: string[] = [];
  const scheduler = manualScheduler();
  // A dropped socket's retry runs where the recording shows it ran.
  const pendingRetry: { run: (() => void) | null } = { run: null };
  const store = configureStore({
    reducer: { chat: chatReducer },
    preloadedState: recording.initialState ? { chat: recording.initialState as ChatState } : undefined,
    middleware: (getDefault) =>
      getDefault().concat(
        createSocketMiddleware({
          WebSocketImpl: PlaybackSocket as unknown as typeof WebSocket,
          scheduler,
          location: { protocol: 'http:', host: 'replay.invalid' },
          logger: { warn: (message: string) => warnings.push(message) },
          reconnect: {
            setTimer: (fn) => (pendingRetry.run = fn),
            clearTimer: () => (pendingRetry.run = null),
            random: () => 1,
            network: new EventTarget(),
          },
        }),
      ),
  });
  PlaybackSocket.current = null;
  // Read afresh each time: the middleware opens a new socket per run.
  const socket = () => PlaybackSocket.current;
  for (const entry of recording.entries) {
    if (entry.kind === 'frame') {
      socket()?.deliver(entry.raw);
      continue;
    }
    const action = entry.action as UnknownAction;
    // Text is flushed where the live run flushed it, so the actions come out in the same order.
    if (textDelta.match(action)) scheduler.frame();
    else if (streamFailed.match(action) && action.payload.error.source === 'connection') socket()?.drop();
    else if (connectionChanged.match(action) && action.payload.state === 'waiting') socket()?.drop();
    else if (connectionChanged.match(action) && action.payload.state === 'reconnecting') {
      const again = pendingRetry.run;
      pendingRetry.run = null;
      again?.();
    } else if (runResumed.match(action)) {
      const { runId: _runId, ...request } = action.payload;
      store.dispatch(runResumed(request));
    } else if (sendRequested.match(action)) {
      const { runId: _runId, sentAt: _sentAt, ...request } = action.payload;
      store.dispatch(sendRequested(request satisfies SendRequest));
    } else if (!DERIVED.has(action.type)) store.dispatch(action);
  }
  scheduler.frame();
  return { state: store.getState().chat, warnings };
}
