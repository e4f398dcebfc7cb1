// Composes the providers: store, theme, toasts and the router. main.tsx renders it once the persisted settings are
// back in the store, so the first render already has the saved theme and sidebar state.
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { ToastProvider } from '../components/toasts/ToastProvider';
import { AppThemeProvider } from './AppThemeProvider';
import type { makeBrowserRouter } from './router';

export function App({ store, router }: { store: AppStore; router: ReturnType<typeof makeBrowserRouter> }) {
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
