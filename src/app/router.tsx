// The route table of SPEC §2. Pages are React Router lazy routes, each in its own chunk so /login loads little code;
// while a page's chunk downloads the layout shows a spinner, and the team chat's loader already asks for its data.
import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, matchPath, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { AppLayout } from '../features/layout/components/AppLayout';
import { RootRedirect } from '../features/layout/components/RootRedirect';
import { PAGE_ROUTES, type PageModule, type PageRoute } from './routes/routeModules';
import { teamChatLoader, teamChatShouldRevalidate } from './routes/teamChat/teamChatLoader';
import type { AppDispatch, AppStore } from './store';

/** What src/app/routes/{module}Route.tsx exports. */
interface RouteModule {
  Component: ComponentType;
  /** Readies the store before the page first renders (the chat adds its slice). */
  prepare?: (dispatch: AppDispatch) => void;
}

/** Each page's route module, downloaded on the first visit; one per module of PAGE_ROUTES, or this does not compile. */
const PAGE_MODULES: Record<PageModule, () => Promise<RouteModule>> = {
  Login: () => import('./routes/LoginRoute'),
  PrivacyPolicy: () => import('./routes/PrivacyPolicyRoute'),
  EuropePrivacyPolicy: () => import('./routes/EuropePrivacyPolicyRoute'),
  TeamChat: () => import('./routes/TeamChatRoute'),
  Profile: () => import('./routes/ProfileRoute'),
  Payment: () => import('./routes/PaymentRoute'),
  PaymentSuccess: () => import('./routes/PaymentSuccessRoute'),
  PaymentCancel: () => import('./routes/PaymentCancelRoute'),
};

/** Loaders that start a page's data while its chunk downloads; they are in the entry chunk. */
const PAGE_LOADERS: Partial<Record<PageModule, (store: AppStore) => Pick<RouteObject, 'loader' | 'shouldRevalidate'>>> =
  {
    TeamChat: (store) => ({ loader: teamChatLoader(store), shouldRevalidate: teamChatShouldRevalidate }),
  };

/** Screens of the earlier product that now live inside the single team's chat. */
const RETIRED_PATHS = [
  'agents',
  'agents/:agentId',
  'agents/:agentId/chat',
  'agents/create',
  'agents/:agentId/edit',
  'knowledge',
  'knowledge/:kbId',
  'knowledge/create',
  'knowledge/:kbId/edit',
  'teams',
];

const home = <Navigate to="/" replace />;

function pageRoute(store: AppStore, { path, module }: PageRoute<PageModule>): RouteObject {
  return {
    path,
    // Shown inside the layout while the page a URL opens on downloads.
    hydrateFallbackElement: <PageLoading />,
    async lazy() {
      const { Component, prepare } = await PAGE_MODULES[module]();
      prepare?.(store.dispatch);
      return { Component };
    },
    ...PAGE_LOADERS[module]?.(store),
  };
}

/** The routes of one store: its loaders and lazy routes act on that store. */
export function makeRoutes(store: AppStore): RouteObject[] {
  const pages = (signIn: boolean) =>
    PAGE_ROUTES.filter((page) => Boolean(page.signIn) === signIn).map((page) => pageRoute(store, page));
  return [
    {
      element: <AppLayout />,
      children: [
        { index: true, element: <RootRedirect /> },
        ...pages(false),
        ...RETIRED_PATHS.map((path) => ({ path, element: home })),
        { element: <RequireAuth />, children: pages(true) },
        { path: '*', element: home },
      ],
    },
  ];
}

export const makeBrowserRouter = (store: AppStore) => createBrowserRouter(makeRoutes(store));

/**
 * Runs the loader of the page the browser opened before the router exists: main.tsx creates the router in a later
 * task, to keep the entry's start-up out of one long task, and the page's data need not wait for it. The router runs
 * the loader again; RTK Query keeps the request already under way.
 */
export function loadOpeningPage(store: AppStore, location: Location): void {
  for (const { path, module } of PAGE_ROUTES) {
    const loader = PAGE_LOADERS[module]?.(store).loader;
    const match = matchPath(`/${path}`, location.pathname);
    if (match && typeof loader === 'function') {
      void loader({ params: match.params, request: new Request(location.href) } as LoaderFunctionArgs);
      return;
    }
  }
}

export type AppRouter = ReturnType<typeof makeBrowserRouter>;

/** Calls `ready` once the router has loaded the opening page's route (its lazy module and loader), or after `maxWaitMs`. */
export function whenRouterReady(router: AppRouter, maxWaitMs: number, ready: () => void): void {
  if (router.state.initialized) {
    ready();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(timer);
    ready();
  };
  const unsubscribe = router.subscribe((state) => {
    if (state.initialized) finish();
  });
  const timer = setTimeout(finish, maxWaitMs);
}
