// The Redux store: API cache, auth and layout slices, persisted settings, listeners; makeStore gives each test a fresh one.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import { api } from '../services/api';
import authReducer from '../features/auth/authSlice';
import layoutReducer from '../features/layout/layoutSlice';
import { addAuthListeners } from '../features/auth/authListeners';
import { addLayoutListeners } from '../features/layout/layoutListeners';
import { devToolsOptions } from './devtools';
import { IS_DEV } from './env';
import { listenerMiddleware, startAppListening } from './listenerMiddleware';
import { persistConfig } from './persist';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  layout: layoutReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

const persistedReducer = persistReducer(persistConfig<RootState>(), rootReducer);

addAuthListeners(startAppListening);
addLayoutListeners(startAppListening);

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
        .concat(api.middleware),
    devTools: IS_DEV ? devToolsOptions : false,
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
