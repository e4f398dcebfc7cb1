// Composes the providers: store, persisted settings, theme, toasts and the router.
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { ToastProvider } from '../components/toasts/ToastProvider';
import { AppThemeProvider } from './AppThemeProvider';
import { makeBrowserRouter } from './router';

const router = makeBrowserRouter();

export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <AppThemeProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AppThemeProvider>
      </PersistGate>
    </Provider>
  );
}
