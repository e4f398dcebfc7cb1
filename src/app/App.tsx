// Composes the providers: store, persisted settings, theme, toasts and the router.
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { RouterProvider } from 'react-router/dom';
import { SnackbarProvider } from 'notistack';
import type { AppStore } from './store';
import { AppThemeProvider } from './AppThemeProvider';
import { makeBrowserRouter } from './router';

export const TOAST_DURATION_MS = 3000;

const router = makeBrowserRouter();

export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <AppThemeProvider>
          <SnackbarProvider
            maxSnack={3}
            autoHideDuration={TOAST_DURATION_MS}
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          >
            <RouterProvider router={router} />
          </SnackbarProvider>
        </AppThemeProvider>
      </PersistGate>
    </Provider>
  );
}
