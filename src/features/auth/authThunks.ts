// Sign-in flows of SPEC §4: identity-provider login with automatic registration on user_not_found, wallet login and registration.
import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../services/api';
import { errorCode, errorMessage } from '../../services/apiErrors';
import type { AuthResponse, User, WalletLoginPayload, WalletRegisterPayload } from '../../../contract/types';
import { readToken, storeToken } from '../../services/token';
import { signedOut, type SignInFailure } from './authActions';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
type Rejectable = { rejectValue: SignInFailure };

function failure(error: unknown, fallback: string): SignInFailure {
  return { message: errorMessage(error, fallback), code: errorCode(error) };
}

async function fetchUser(dispatch: Dispatch): Promise<User> {
  const user = await dispatch(
    api.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
  ).unwrap();
  // A 401 resets the API cache while the request is in flight, which resolves it without data.
  if (!user) throw new Error('Not signed in');
  return user;
}

async function adopt(dispatch: Dispatch, auth: AuthResponse): Promise<User> {
  storeToken(auth.access_token);
  return fetchUser(dispatch);
}

/** Loads the signed-in user; null without a stored token. A failed load signs out (a listener clears the token). */
export const loadCurrentUser = createAsyncThunk<User | null>('auth/currentUserLoaded', async (_, { dispatch }) => {
  if (readToken() === null) return null;
  try {
    return await fetchUser(dispatch);
  } catch {
    dispatch(signedOut());
    return null;
  }
});

export const signInWithIdToken = createAsyncThunk<User, string, Rejectable>(
  'auth/idTokenSignIn',
  async (token, { dispatch, rejectWithValue }) => {
    const login = () => dispatch(api.endpoints.googleLogin.initiate({ token })).unwrap();
    try {
      return await adopt(dispatch, await login());
    } catch (error) {
      if (errorCode(error) !== 'user_not_found') return rejectWithValue(failure(error, 'Google login failed'));
    }
    try {
      await dispatch(api.endpoints.googleRegister.initiate({ token })).unwrap();
    } catch (error) {
      return rejectWithValue(failure(error, 'Google registration failed'));
    }
    try {
      return await adopt(dispatch, await login());
    } catch (error) {
      return rejectWithValue(failure(error, 'Google login failed'));
    }
  },
);

/** The reference server's local identity provider issues the ID token; then the same path as the real provider. */
export const signInWithLocalProvider = createAsyncThunk<User, { email: string; name: string }, Rejectable>(
  'auth/localProviderSignIn',
  async (identity, { dispatch, rejectWithValue }) => {
    let token: string;
    try {
      token = (await dispatch(api.endpoints.requestDevToken.initiate(identity)).unwrap()).token;
    } catch (error) {
      return rejectWithValue(failure(error, 'Login failed. Please try again.'));
    }
    const result = await dispatch(signInWithIdToken(token));
    if (signInWithIdToken.fulfilled.match(result)) return result.payload;
    return rejectWithValue(result.payload ?? { message: 'Google login failed' });
  },
);

/** Same as the provider login but without automatic registration: the page asks for a username and email first. */
export const signInWithWallet = createAsyncThunk<User, WalletLoginPayload, Rejectable>(
  'auth/walletSignIn',
  async (payload, { dispatch, rejectWithValue }) => {
    try {
      return await adopt(dispatch, await dispatch(api.endpoints.walletLogin.initiate(payload)).unwrap());
    } catch (error) {
      return rejectWithValue(failure(error, 'Wallet login failed'));
    }
  },
);

/** Wallet signatures are single-use, so the registration's own access token signs the user in. */
export const registerWithWallet = createAsyncThunk<User, WalletRegisterPayload, Rejectable>(
  'auth/walletRegistered',
  async (payload, { dispatch, rejectWithValue }) => {
    try {
      return await adopt(dispatch, await dispatch(api.endpoints.walletRegister.initiate(payload)).unwrap());
    } catch (error) {
      return rejectWithValue(failure(error, 'Wallet registration failed'));
    }
  },
);
