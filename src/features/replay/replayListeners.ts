// Replays a loaded recording into the running app: dispatch `replay/recordingLoaded` (from a dev page or DevTools).
import { createAction, type TypedStartListening, type UnknownAction } from '@reduxjs/toolkit';
import { parseSnapshot } from '../support/snapshot';
import { parseRecording } from './recording';
import { replayedActions } from './replay';

export const recordingLoaded = createAction<{ recording: unknown; realTime?: boolean }>('replay/recordingLoaded');
export const recordingRejected = createAction<{ error: string }>('replay/recordingRejected');
/** A support snapshot loaded into the running app (a dev page or DevTools): its chat state is restored. */
export const snapshotLoaded = createAction<{ snapshot: unknown }>('replay/snapshotLoaded');

export interface ReplayListenerDeps {
  /** The chat's `stateRestored`: the replay starts from the state the recording began with. */
  restoreState: (state: unknown) => UnknownAction;
}

export function addReplayListeners(startListening: TypedStartListening<unknown>, deps: ReplayListenerDeps): void {
  startListening({
    actionCreator: snapshotLoaded,
    effect: (action, api) => {
      const parsed = parseSnapshot(action.payload.snapshot);
      if (!parsed.ok) return void api.dispatch(recordingRejected({ error: parsed.error }));
      if (parsed.snapshot.chat !== null)
        api.dispatch({ ...deps.restoreState(parsed.snapshot.chat), meta: { replayed: true } });
    },
  });
  startListening({
    actionCreator: recordingLoaded,
    effect: async (action, api) => {
      api.cancelActiveListeners();
      const parsed = parseRecording(action.payload.recording);
      if (!parsed.ok) {
        api.dispatch(recordingRejected({ error: parsed.error }));
        return;
      }
      const { initialState } = parsed.recording;
      if (initialState !== null) api.dispatch({ ...deps.restoreState(initialState), meta: { replayed: true } });
      let previous = 0;
      for (const { t, action: replayed } of replayedActions(parsed.recording)) {
        // Real time keeps the recorded pauses, so the stream plays as the user saw it.
        if (action.payload.realTime && t > previous) await api.delay(t - previous);
        previous = t;
        api.dispatch(replayed);
      }
    },
  });
}
