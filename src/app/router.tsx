// The route table of SPEC §2; pages are split into their own chunks so /login loads little code.
import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../features/layout/components/AppLayout';
import { RootRedirect } from '../features/layout/components/RootRedirect';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { ChatRouteEntry } from './ChatRouteEntry';

const TeamChatRoute = lazy(() => import('./ChatModuleRoute').then((m) => ({ default: m.ChatModuleRoute })));
const LoginPage = lazy(() => import('../features/auth/components/LoginPage').then((m) => ({ default: m.LoginPage })));
const ProfilePage = lazy(() => import('./routes/ProfileRoute').then((m) => ({ default: m.Component })));
const PaymentPage = lazy(() =>
  import('../features/payments/components/PaymentPage').then((m) => ({ default: m.PaymentPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('../features/payments/components/PaymentSuccessPage').then((m) => ({ default: m.PaymentSuccessPage })),
);
const PaymentCancelPage = lazy(() =>
  import('../features/payments/components/PaymentCancelPage').then((m) => ({ default: m.PaymentCancelPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/legal/components/PrivacyPolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const EuropePrivacyPolicyPage = lazy(() =>
  import('../features/legal/components/EuropePrivacyPolicyPage').then((m) => ({ default: m.EuropePrivacyPolicyPage })),
);

/** Screens of the earlier product that now live inside the single team's chat. */
export const RETIRED_PATHS = [
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

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'privacy', element: <PrivacyPolicyPage /> },
      { path: 'eu-privacy', element: <EuropePrivacyPolicyPage /> },
      { path: 'legal/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'legal/europe-privacy-policy', element: <EuropePrivacyPolicyPage /> },
      ...RETIRED_PATHS.map((path) => ({ path, element: home })),
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'teams/:teamId/chat',
            element: (
              <ChatRouteEntry>
                <TeamChatRoute />
              </ChatRouteEntry>
            ),
          },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'payment', element: <PaymentPage /> },
          { path: 'payment/success', element: <PaymentSuccessPage /> },
          { path: 'payment/cancel', element: <PaymentCancelPage /> },
        ],
      },
      { path: '*', element: home },
    ],
  },
];

export const makeBrowserRouter = () => createBrowserRouter(routes);
