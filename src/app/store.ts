// The Redux store: API cache, auth and layout slices, persisted settings, listeners; makeStore gives each test a fresh one.
// The chat slice and its socket and recorder middleware join when the chat route loads (features/chat/chatModule),
// and the payments slice with the payment page (features/payments/paymentsModule), so /login does not download them.
import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import { api } from '../services/api';
import authReducer from '../features/auth/authSlice';
import layoutReducer from '../features/layout/layoutSlice';
import { addAuthListeners } from '../features/auth/authListeners';
import { addLayoutListeners } from '../features/layout/layoutListeners';
import type { ChatState } from '../features/chat/chatState';
import type { PaymentsState } from '../features/payments/paymentsSlice';
import { createStreamRecorder } from '../features/replay/recorder';
import { createSupportLog } from '../features/support/supportLog';
import { devToolsOptions } from './devtools';
import { devToolsStateRestored, productionDevTools } from './devtoolsConnection';
import { IS_DEV } from '../config/env';
import { listenerMiddleware, startAppListening } from './listenerMiddleware';
import { persistConfig } from './persist';

/** Slices injected when their route loads. */
export interface LazyLoadedSlices {
  chat: ChatState;
  payments: PaymentsState;
}

export const rootReducer = combineSlices(api, {
  auth: authReducer,
  layout: layoutReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

/**
 * The chat is typed as present: only the chat route reads it, and that route renders after the slice is injected and
 * the store holds its state (the route module's prepare, src/app/routes/TeamChatRoute.tsx). The payments state stays
 * optional: its selectors allow for its absence.
 */
export type RootState = ReturnType<typeof rootReducer> & Pick<LazyLoadedSlices, 'chat'>;

const persisted = persistReducer(persistConfig<ReturnType<typeof rootReducer>>(), rootReducer);
/** An admin's jump or import in the production DevTools replaces the whole state (devtoolsConnection.ts). */
const persistedReducer: typeof persisted = (state, action) =>
  devToolsStateRestored.match(action)
    ? ((action.payload as typeof state) ?? persisted(state, action))
    : persisted(state, action);

/** Middleware that features add when they load; each store applies its own instance of what was added. */
export const dynamicMiddleware = createDynamicMiddleware();

addAuthListeners(startAppListening);
addLayoutListeners(startAppListening);

/** The raw frames and chat actions of the latest runs, for "Download recording". */
export const streamRecorder = createStreamRecorder();

/** The socket's history and the last failed API calls, for the support snapshot. */
export const supportLog = createSupportLog();

export function makeStore(preloadedState?: Partial<RootState>) {
  // Development: RTK's DevTools with every feature. Production: log-only DevTools for support staff, full in admin
  // mode, when the extension is installed (nothing runs per action otherwise).
  const supportDevTools = IS_DEV ? null : productionDevTools<RootState>((state) => state.auth.adminMode);
  const store = configureStore({
    reducer: persistedReducer as unknown as (state: RootState | undefined, action: { type: string }) => RootState,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: {
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          // Upload mutations carry the File they send.
          ignoredPaths: [/^api\.mutations\.[^.]+\.originalArgs/],
        },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(api.middleware, dynamicMiddleware.middleware, supportLog.middleware)
        .concat(supportDevTools ? [supportDevTools] : []),
    devTools: IS_DEV ? devToolsOptions : false,
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
