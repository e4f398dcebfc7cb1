import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { alice, balance } from '../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';
import { renderApp } from '../utils/renderApp';
import { signedInState } from '../utils/renderWithProviders';

useMswServer();

beforeEach(() => {
  server.use(http.get(apiUrl('/credits/balance'), () => HttpResponse.json(balance(100))));
});

describe('the login page', () => {
  it('signs a newcomer in through the local identity provider and returns to the asked page', async () => {
    let registered = false;
    server.use(
      http.post(apiUrl('/auth/dev/token'), () => HttpResponse.json({ token: 'id-token' })),
      http.post(apiUrl('/auth/google/login'), () =>
        registered
          ? HttpResponse.json({ access_token: 'access' })
          : errorResponse(404, { code: 'user_not_found', message: 'register first' }),
      ),
      http.post(apiUrl('/auth/google/register'), () => {
        registered = true;
        return HttpResponse.json({ access_token: 'first' }, { status: 201 });
      }),
      http.get(apiUrl('/auth/users/me'), () => HttpResponse.json(alice)),
    );
    const { router, user } = renderApp('/login?return=%2Flegal%2Fprivacy-policy');

    await user.type(await screen.findByLabelText('Name'), 'Alice');
    await user.type(screen.getByLabelText(/Email/), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Local Sign-In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/legal/privacy-policy'));
    expect(localStorage.getItem('token')).toBe('access');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows "Signing in..." while the sign-in runs and the server detail when it fails', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post(apiUrl('/auth/dev/token'), async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ token: 'id-token' });
      }),
      http.post(apiUrl('/auth/google/login'), () => errorResponse(401, 'This ID token has expired')),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/Email/), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Local Sign-In' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    expect(await screen.findByText('This ID token has expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Local Sign-In' })).toBeEnabled();
  });

  it('sends an already signed-in user on to the return path with message as initialMessage', async () => {
    const { router } = renderApp('/login?return=%2Fpayment&message=Build%20me%20a%20flow', {
      preloadedState: signedInState(alice),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(new URLSearchParams(router.state.location.search).get('initialMessage')).toBe('Build me a flow');
  });

  it('ignores a return parameter that points to another site', async () => {
    const { router } = renderApp('/login?return=%2F%2Fevil.example%2F', { preloadedState: signedInState(alice) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/6650f0c2a1b2c3d4e5f60718/chat'));
  });
});
