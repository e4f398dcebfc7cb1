// Entry point: one store and its router, rehydrated settings, the current user loaded, the product name as page title.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { APP_NAME } from './config/env';
import { loadOpeningPage, makeBrowserRouter, whenRouterReady } from './app/router';
import { makeStore } from './app/store';
import { loadCurrentUser } from './features/auth/authThunks';
import { dropEarlyResponses } from './services/earlyResponses';

/** How long the first render waits for the opening page's code before it shows the layout with a spinner. */
const OPENING_PAGE_WAIT_MS = 1000;

document.title = APP_NAME;
const store = makeStore();
void store.dispatch(loadCurrentUser());
loadOpeningPage(store, window.location);

// The rest in a task of its own: evaluating the entry's modules is already a long task on a phone, and the requests
// above are on their way meanwhile.
setTimeout(() => {
  // The requests above have taken index.html's answers by now (they ask within this first task's microtasks).
  dropEarlyResponses();
  const router = makeBrowserRouter(store);
  const root = createRoot(document.getElementById('root')!);
  // The app renders once the saved settings are back (as PersistGate would), and as a transition: React time-slices
  // only transitions, so the first render yields to the browser every few milliseconds instead of blocking it.
  // It also waits (up to a moment) for the router to have the opening page's code, so that the first frame shows the
  // page rather than a spinner that the page replaces at once.
  persistStore(store, null, () => {
    whenRouterReady(router, OPENING_PAGE_WAIT_MS, () => {
      startTransition(() => {
        root.render(
          <StrictMode>
            <App store={store} router={router} />
          </StrictMode>,
        );
      });
    });
  });
});
