// Renders UI with a fresh store, theme, toasts and a memory router; returns {store, user, router, ...render}.
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ToastProvider } from '../../src/components/toasts/ToastProvider';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { makeStore, type AppStore, type RootState } from '../../src/app/store';
import { AppThemeProvider } from '../../src/app/AppThemeProvider';
import { installChatModule } from '../../src/features/chat/chatModule';
import { WorkflowPanelSlot } from '../../src/features/chat/workflowSlot';
import { WorkflowPanel } from '../../src/features/workflow/components/WorkflowPanel';

// The app installs the chat when its route loads; tests render chat screens directly, so it is installed up front.
installChatModule();

export interface RenderOptions {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Starting URL. */
  route?: string;
  /** Used when `ui` is null; otherwise `ui` is rendered at every path. A function gets the store (the app's routes). */
  routes?: RouteObject[] | ((store: AppStore) => RouteObject[]);
  /** For fake timers: user-event must advance them. */
  advanceTimers?: (ms: number) => void;
}

function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <AppThemeProvider>
        <ToastProvider>
          <WorkflowPanelSlot value={WorkflowPanel}>{children}</WorkflowPanelSlot>
        </ToastProvider>
      </AppThemeProvider>
    </Provider>
  );
}

export function renderWithProviders(ui: ReactElement | null, options: RenderOptions = {}) {
  const store = options.store ?? makeStore(options.preloadedState);
  const routes = ui
    ? [{ path: '*', element: ui }]
    : typeof options.routes === 'function'
      ? options.routes(store)
      : (options.routes ?? []);
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const result = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { store, user, router, ...result };
}

/** Auth state of a signed-in user (the token must also be in localStorage for requests to carry it). */
export function signedInState(user: RootState['auth']['user']): Partial<RootState> {
  return {
    auth: { user, isAuthenticated: true, isLoading: false, error: null, adminMode: false, signedOutByUser: false },
  };
}
