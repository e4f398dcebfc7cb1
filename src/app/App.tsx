// Composes the providers: store, theme, toasts and the router. main.tsx renders it once the persisted settings are
// back in the store, so the first render already has the saved theme and sidebar state.
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { ToastProvider } from '../components/toasts/ToastProvider';
import { AppThemeProvider } from './AppThemeProvider';
import { makeBrowserRouter } from './router';

const router = makeBrowserRouter();

export function App({ store }: { store: AppStore }) {
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
