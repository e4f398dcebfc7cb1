import { http, HttpResponse } from 'msw';
import { makeStore } from '../../src/app/store';
import {
  loadCurrentUser,
  signInWithIdToken,
  signInWithLocalProvider,
  signInWithWallet,
} from '../../src/features/auth/authThunks';
import { signedOut } from '../../src/features/auth/authActions';
import { waitFor } from '@testing-library/react';
import { alice } from '../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';

useMswServer();

const me = () => http.get(apiUrl('/auth/users/me'), () => HttpResponse.json(alice));

describe('identity-provider sign-in', () => {
  it('registers an unknown user with the same token, logs in again and loads the user', async () => {
    const calls: string[] = [];
    let registered = false;
    server.use(
      http.post(apiUrl('/auth/google/login'), async ({ request }) => {
        calls.push(`login ${((await request.json()) as { token: string }).token}`);
        return registered
          ? HttpResponse.json({ access_token: 'access-1' })
          : errorResponse(404, { code: 'user_not_found', message: 'User not found' });
      }),
      http.post(apiUrl('/auth/google/register'), async ({ request }) => {
        calls.push(`register ${((await request.json()) as { token: string }).token}`);
        registered = true;
        return HttpResponse.json({ access_token: 'access-0' }, { status: 201 });
      }),
      me(),
    );
    const store = makeStore();
    await store.dispatch(signInWithIdToken('id-token'));
    expect(calls).toEqual(['login id-token', 'register id-token', 'login id-token']);
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(store.getState().auth).toMatchObject({ user: alice, isAuthenticated: true, error: null });
  });

  it('shows the server detail when login fails for another reason, without registering', async () => {
    const register = jest.fn();
    server.use(
      http.post(apiUrl('/auth/google/login'), () => errorResponse(401, 'ID token expired')),
      http.post(apiUrl('/auth/google/register'), register),
    );
    const store = makeStore();
    await store.dispatch(signInWithIdToken('old'));
    expect(register).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, error: 'ID token expired' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('falls back to "Google registration failed" when registration fails without a detail', async () => {
    server.use(
      http.post(apiUrl('/auth/google/login'), () => errorResponse(404, { code: 'user_not_found', message: '' })),
      http.post(apiUrl('/auth/google/register'), () => new HttpResponse(null, { status: 500 })),
    );
    const store = makeStore();
    await store.dispatch(signInWithIdToken('id'));
    expect(store.getState().auth.error).toBe('Google registration failed');
  });

  it('gets the ID token from the local identity provider first', async () => {
    let identity: unknown;
    server.use(
      http.post(apiUrl('/auth/dev/token'), async ({ request }) => {
        identity = await request.json();
        return HttpResponse.json({ token: 'local-id-token' });
      }),
      http.post(apiUrl('/auth/google/login'), () => HttpResponse.json({ access_token: 'access-2' })),
      me(),
    );
    const store = makeStore();
    await store.dispatch(signInWithLocalProvider({ email: 'alice@example.com', name: 'Alice' }));
    expect(identity).toEqual({ email: 'alice@example.com', name: 'Alice' });
    expect(store.getState().auth.user).toEqual(alice);
  });
});

describe('wallet sign-in', () => {
  it('does not register automatically and reports the code', async () => {
    server.use(
      http.post(apiUrl('/auth/wallet/login'), () =>
        errorResponse(404, { code: 'user_not_found', message: 'No account for this wallet' }),
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(
      signInWithWallet({ wallet_address: '0xabc', message: 'm', signature: '0xsig' }),
    );
    expect(signInWithWallet.rejected.match(result) && result.payload?.code).toBe('user_not_found');
    expect(store.getState().auth.error).toBe('No account for this wallet');
  });
});

describe('loading the current user', () => {
  it('stays signed out without a token and makes no request', async () => {
    const store = makeStore();
    await store.dispatch(loadCurrentUser());
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('signs out when the stored token is refused', async () => {
    localStorage.setItem('token', 'stale');
    server.use(http.get(apiUrl('/auth/users/me'), () => errorResponse(401, 'Invalid token')));
    const store = makeStore();
    expect(store.getState().auth.isAuthenticated).toBe(true);
    await store.dispatch(loadCurrentUser());
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('signing out', () => {
  it('revokes the token on the server with POST /auth/logout and forgets it locally', async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.post(apiUrl('/auth/logout'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    localStorage.setItem('token', 'access-9');
    const store = makeStore();
    store.dispatch(signedOut('user'));
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(seen).toEqual(['Bearer access-9']));
  });

  it('still forgets the token locally when the server cannot be reached', async () => {
    const calls = jest.fn();
    server.use(
      http.post(apiUrl('/auth/logout'), () => {
        calls();
        return HttpResponse.error();
      }),
    );
    localStorage.setItem('token', 'access-10');
    const store = makeStore();
    store.dispatch(signedOut('user'));
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(calls).toHaveBeenCalledTimes(1));
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('does not call the server when the session expired (the token is already refused)', async () => {
    const calls = jest.fn();
    server.use(http.post(apiUrl('/auth/logout'), () => calls()));
    localStorage.setItem('token', 'access-11');
    makeStore().dispatch(signedOut());
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
