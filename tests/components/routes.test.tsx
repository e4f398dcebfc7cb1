import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../utils/apiShape';
import { Component as TeamChatRoute } from '../../src/app/routes/TeamChatRoute';
import { alice, balance } from '../utils/fixtures';
import { apiUrl, server, useMswServer } from '../utils/msw';
import { renderApp } from '../utils/renderApp';
import { renderWithProviders, signedInState } from '../utils/renderWithProviders';

useMswServer();

const TEAM = '6650f0c2a1b2c3d4e5f60718';

beforeEach(() => {
  // The team chat screen's own calls are not the subject here.
  server.use(http.all(apiUrl('/*'), () => apiJson({ detail: 'Not Found' }, { status: 404 })));
  server.use(http.get(apiUrl('/credits/balance'), () => apiJson(balance(250))));
});

describe('the route table', () => {
  it('"/" shows "Redirecting..." and sends an anonymous visitor to /login', async () => {
    const { router } = renderApp('/');
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('"/" sends a signed-in user to the single team chat, replacing the history entry', async () => {
    const { router } = renderApp('/', { preloadedState: signedInState(alice) });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/teams/${TEAM}/chat`));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['/profile', '/payment', '/payment/success', '/payment/cancel', `/teams/${TEAM}/chat?session=s1`])(
    'asks an anonymous visitor of %s to sign in and keeps the target',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(new URLSearchParams(router.state.location.search).get('return')).toBe(path);
    },
  );

  it.each([
    '/agents',
    '/agents/a1',
    '/agents/a1/chat',
    '/agents/create',
    '/agents/a1/edit',
    '/knowledge',
    '/knowledge/k1',
    '/knowledge/create',
    '/knowledge/k1/edit',
    '/teams',
    '/no/such/page',
  ])('redirects %s to / (and on to the team chat)', async (path) => {
    const { router } = renderApp(path, { preloadedState: signedInState(alice) });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/teams/${TEAM}/chat`));
  });

  it('opens the privacy pages without signing in, and they link to each other', async () => {
    const { router, user } = renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/at least 13 years old/)).toBeInTheDocument();
    expect(screen.getByText(/under 18, you may use .* only with the consent of a parent/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'European Privacy Policy (GDPR)' }));
    expect(router.state.location.pathname).toBe('/legal/europe-privacy-policy');
    expect(await screen.findByRole('heading', { name: 'European Privacy Policy' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy Policy' }));
    expect(router.state.location.pathname).toBe('/legal/privacy-policy');
  });
});

describe('the team chat route', () => {
  const routes = [
    { path: '/teams/:teamId/chat', element: <TeamChatRoute /> },
    { path: '/teams', element: <p>teams page</p> },
    { path: '/', element: <p>home page</p> },
  ];

  it('opens the configured team', async () => {
    const { router } = renderWithProviders(null, {
      routes,
      route: `/teams/${TEAM}/chat`,
      preloadedState: signedInState(alice),
    });
    expect(await screen.findByText('Error loading team')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/teams/${TEAM}/chat`);
  });

  it('sends another team id to /', async () => {
    const { router } = renderWithProviders(null, { routes, route: '/teams/0123456789abcdef01234567/chat' });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the id "undefined" to /teams', async () => {
    renderWithProviders(null, { routes, route: '/teams/undefined/chat' });
    expect(await screen.findByText('teams page')).toBeInTheDocument();
  });
});

describe('the shared layout', () => {
  it('shows Login to anonymous visitors and the account links to signed-in users', async () => {
    const anon = renderApp('/privacy');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    anon.unmount();

    renderApp('/privacy', { preloadedState: signedInState(alice) });
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Manage Credits' })).toHaveAttribute('href', '/payment');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the footer links except on the team chat, where the sidebar toggle appears', async () => {
    const page = renderApp('/privacy', { preloadedState: signedInState(alice) });
    expect(await screen.findByRole('link', { name: 'European Privacy Policy' })).toHaveAttribute(
      'href',
      '/legal/europe-privacy-policy',
    );
    expect(screen.queryByRole('button', { name: 'Toggle sidebar' })).not.toBeInTheDocument();
    page.unmount();

    renderApp(`/teams/${TEAM}/chat`, { preloadedState: signedInState(alice) });
    expect(await screen.findByRole('button', { name: 'Toggle sidebar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'European Privacy Policy' })).not.toBeInTheDocument();
  });

  it('signs out from the header: token gone, back to /login', async () => {
    localStorage.setItem('token', 'tok');
    const { router, user, store } = renderApp('/payment/cancel', { preloadedState: signedInState(alice) });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.user).toBeNull();
  });
});
