// Composes the providers: store, theme, toasts and the router. main.tsx renders it once the persisted settings are
// back in the store, so the first render already has the saved theme and sidebar state; it makes the router with the
// store beforehand, so the page's chunk and data are already on their way.
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { ToastProvider } from '../components/toasts/ToastProvider';
import { AppThemeProvider } from './AppThemeProvider';
import type { AppRouter } from './router';

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <Provider store={store}>
      <AppThemeProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AppThemeProvider>
    </Provider>
  );
}
