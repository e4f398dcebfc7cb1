// Keeps the raw frames and the chat actions of runs with their timing, for "Download recording" and replay.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { sendRequested } from '../../services/socket/socketActions';
import type { RecordingEntry, StreamRecording } from './recording';
import { frameText, RECORDING_FORMAT } from './recordingFormat';

export interface StreamRecorderOptions {
  now?: () => number;
  /** Past this many entries the next run starts a fresh recording, so memory stays bounded. */
  maxEntries?: number;
}

export interface StreamRecorder {
  recordFrame(runId: string, raw: unknown): void;
  /** `stateBefore` is the recorded slice just before the action, kept once as the recording's start. */
  recordAction(action: UnknownAction, stateBefore: () => unknown): void;
  toRecording(): StreamRecording;
  reset(): void;
}

const RECORDED_PREFIXES = ['chat/', 'socket/'];

function isRecordedAction(action: unknown): action is UnknownAction {
  if (typeof action !== 'object' || action === null || !('type' in action)) return false;
  const type = (action as { type: unknown }).type;
  if (typeof type !== 'string') return false;
  const meta = (action as { meta?: { replayed?: unknown } }).meta;
  return meta?.replayed !== true && RECORDED_PREFIXES.some((prefix) => type.startsWith(prefix));
}

export function createStreamRecorder(options: StreamRecorderOptions = {}): StreamRecorder {
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? 50_000;
  let startedAt: number | null = null;
  let initialState: unknown = null;
  let entries: RecordingEntry[] = [];

  function begin(stateBefore: () => unknown): void {
    startedAt = now();
    // A JSON copy: the state must not change under the recording, and the file is JSON anyway.
    initialState = JSON.parse(JSON.stringify(stateBefore() ?? null)) as unknown;
    entries = [];
  }

  return {
    recordFrame(runId, raw) {
      if (startedAt === null) return;
      entries.push({ kind: 'frame', t: now() - startedAt, runId, raw: frameText(raw) });
    },
    recordAction(action, stateBefore) {
      if (startedAt === null || (sendRequested.match(action) && entries.length >= maxEntries)) begin(stateBefore);
      // Actions are plain JSON that nothing changes after dispatch, so they are kept as they are: a copy of each cost
      // more than the reducers on long sessions, whose every history page is an action holding all pages so far.
      entries.push({ kind: 'action', t: now() - (startedAt ?? now()), action });
    },
    toRecording() {
      return {
        format: RECORDING_FORMAT,
        version: 1,
        startedAt: new Date(startedAt ?? now()).toISOString(),
        initialState,
        entries: [...entries],
      };
    },
    reset() {
      startedAt = null;
      initialState = null;
      entries = [];
    },
  };
}

/**
 * Records chat and socket actions in the order the reducer sees them; place it after the socket middleware.
 * `selectState` picks the slice a replay rebuilds (the chat state).
 */
export function createRecorderMiddleware(
  recorder: StreamRecorder,
  selectState: (root: unknown) => unknown,
): Middleware {
  return (api) => (next) => (action) => {
    if (isRecordedAction(action)) recorder.recordAction(action, () => selectState(api.getState()));
    return next(action);
  };
}
