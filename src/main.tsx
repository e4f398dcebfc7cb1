// Entry point: one store, rehydrated settings, the current user loaded, the page titled with the product name.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { APP_NAME } from './app/env';
import { makeStore } from './app/store';
import { loadCurrentUser } from './features/auth/authThunks';

document.title = APP_NAME;
const store = makeStore();
const persistor = persistStore(store);
void store.dispatch(loadCurrentUser());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} persistor={persistor} />
  </StrictMode>,
);
