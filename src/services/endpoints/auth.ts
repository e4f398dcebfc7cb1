// Sign-in endpoints of SPEC §7 (identity provider, wallet, current user) and the local identity provider.
import type {
  AuthResponse,
  GoogleAuthPayload,
  User,
  WalletLoginPayload,
  WalletRegisterPayload,
} from '../../../contract/types';
import { readers } from '../../../contract/responses';
import type { Builder } from '../tags';

export const authEndpoints = (build: Builder) => ({
  getCurrentUser: build.query<User, void>({ query: () => '/auth/users/me', transformResponse: readers.user }),
  /** The reference server's local identity provider (404 when it runs with GOOGLE_CLIENT_ID). */
  requestDevToken: build.mutation<{ token: string }, { email: string; name: string }>({
    query: (body) => ({ url: '/auth/dev/token', method: 'POST', body }),
  }),
  googleLogin: build.mutation<AuthResponse, GoogleAuthPayload>({
    query: (body) => ({ url: '/auth/google/login', method: 'POST', body }),
  }),
  googleRegister: build.mutation<AuthResponse, GoogleAuthPayload>({
    query: (body) => ({ url: '/auth/google/register', method: 'POST', body }),
  }),
  /** A single-use nonce for the next wallet sign-in message (a mutation: every call must get a fresh one). */
  walletNonce: build.mutation<{ nonce: string; expires_at: string }, void>({
    query: () => ({ url: '/auth/wallet/nonce', method: 'GET' }),
  }),
  walletLogin: build.mutation<AuthResponse, WalletLoginPayload>({
    query: (body) => ({ url: '/auth/wallet/login', method: 'POST', body }),
  }),
  /** Revokes the token on the server; it carries the token itself because sign-out has already cleared it locally. */
  logout: build.mutation<void, { token: string }>({
    query: ({ token }) => ({ url: '/auth/logout', method: 'POST', headers: { Authorization: `Bearer ${token}` } }),
  }),
  walletRegister: build.mutation<AuthResponse, WalletRegisterPayload>({
    query: (body) => ({ url: '/auth/wallet/register', method: 'POST', body }),
  }),
});
