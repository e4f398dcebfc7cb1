// Replays a recording's actions through a reducer: the same actions in the same order give the same state.
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { StreamRecording } from './recording';

const REPLAY_INIT = '@@replay/init';

/** Pure: the state the recorded actions lead to, from the recording's own starting state. */
export function replayRecording<S>(recording: StreamRecording, reducer: Reducer<S>): S {
  const start = (recording.initialState ?? undefined) as S | undefined;
  let state = reducer(start, { type: REPLAY_INIT });
  for (const entry of recording.entries) {
    if (entry.kind === 'action') state = reducer(state, entry.action as UnknownAction);
  }
  return state;
}

/** The recorded actions marked as replayed, so the socket and the listeners leave them alone. */
export function replayedActions(recording: StreamRecording): Array<{ t: number; action: UnknownAction }> {
  return recording.entries.flatMap((entry) =>
    entry.kind === 'action'
      ? [{ t: entry.t, action: { ...(entry.action as UnknownAction), meta: { replayed: true } } }]
      : [],
  );
}
