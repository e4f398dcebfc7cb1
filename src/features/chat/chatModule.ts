// Registers the team chat with the app when its route first loads: the chat slice, the socket and recorder
// middleware, and the chat, history and replay listeners. Nothing here is in the bundle /login downloads.
import { createAction } from '@reduxjs/toolkit';
import { dynamicMiddleware, rootReducer, streamRecorder, type RootState } from '../../app/store';
import { startAppListening } from '../../app/listenerMiddleware';
import { API_BASE_URL } from '../../config/env';
import { api } from '../../services/api';
import { createSocketMiddleware } from '../../services/socket/socketMiddleware';
import { readToken } from '../../services/token';
import { signedOut } from '../auth/authActions';
import { addReplayListeners } from '../replay/replayListeners';
import { createRecorderMiddleware } from '../replay/recorder';
import { addChatListeners } from './chatListeners';
import { chatSlice, stateRestored } from './chatSlice';
import { addHistoryListeners } from './historyListeners';

/** Dispatched once a store meets the injected slice, so its state holds the chat before the chat renders. */
export const chatModuleLoaded = createAction('app/chatModuleLoaded');

let installed = false;

/** Idempotent: the reducer, middleware and listeners are shared by every store, like the app's listener middleware. */
export function installChatModule(): void {
  if (installed) return;
  installed = true;
  rootReducer.inject(chatSlice);
  dynamicMiddleware.addMiddleware(
    createSocketMiddleware({
      apiBaseUrl: API_BASE_URL,
      getToken: readToken,
      signOutActionTypes: [signedOut.type],
      onFrame: (runId, raw) => streamRecorder.recordFrame(runId, raw),
    }),
    // After the socket middleware, so it records actions in the order the reducer sees them.
    createRecorderMiddleware(streamRecorder, (root) => (root as RootState).chat),
  );
  addChatListeners(startAppListening, { invalidateTags: api.util.invalidateTags });
  addHistoryListeners(startAppListening);
  addReplayListeners(startAppListening as never, {
    restoreState: (state) => stateRestored(state as RootState['chat']),
  });
}
