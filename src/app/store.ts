// The Redux store: API cache, auth and layout slices, persisted settings, listeners; makeStore gives each test a fresh one.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import { api } from '../services/api';
import authReducer from '../features/auth/authSlice';
import layoutReducer from '../features/layout/layoutSlice';
import { addAuthListeners } from '../features/auth/authListeners';
import { addLayoutListeners } from '../features/layout/layoutListeners';
import { chatReducer, stateRestored } from '../features/chat/chatSlice';
import { addChatListeners } from '../features/chat/chatListeners';
import { addReplayListeners } from '../features/replay/replayListeners';
import { createRecorderMiddleware, createStreamRecorder } from '../features/replay/recorder';
import { signedOut } from '../features/auth/authActions';
import { createSocketMiddleware } from '../services/socket/socketMiddleware';
import { readToken } from '../services/token';
import { devToolsOptions } from './devtools';
import { API_BASE_URL, IS_DEV } from './env';
import { listenerMiddleware, startAppListening } from './listenerMiddleware';
import { persistConfig } from './persist';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  layout: layoutReducer,
  chat: chatReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

const persistedReducer = persistReducer(persistConfig<RootState>(), rootReducer);

addAuthListeners(startAppListening);
addLayoutListeners(startAppListening);
addChatListeners(startAppListening, { invalidateTags: api.util.invalidateTags });
addReplayListeners(startAppListening as never, {
  restoreState: (state) => stateRestored(state as RootState['chat']),
});

/** The raw frames and chat actions of the latest runs, for "Download recording". */
export const streamRecorder = createStreamRecorder();

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: persistedReducer as unknown as typeof rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: {
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          // Upload mutations carry the File they send.
          ignoredPaths: [/^api\.mutations\.[^.]+\.originalArgs/],
        },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(
          api.middleware,
          createSocketMiddleware({
            apiBaseUrl: API_BASE_URL,
            getToken: readToken,
            signOutActionTypes: [signedOut.type],
            onFrame: (runId, raw) => streamRecorder.recordFrame(runId, raw),
          }),
          createRecorderMiddleware(streamRecorder, (root) => (root as RootState).chat),
        ),
    devTools: IS_DEV ? devToolsOptions : false,
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
