// Auth client state of SPEC §3: user, isAuthenticated (true at start when a token is stored), isLoading, error, adminMode.
import { createSlice } from '@reduxjs/toolkit';
import type { User } from '../../../contract/types';
import { readToken } from '../../services/token';
import { signedOut } from './authActions';
import {
  loadCurrentUser,
  registerWithWallet,
  signInWithIdToken,
  signInWithLocalProvider,
  signInWithWallet,
} from './authThunks';

export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  adminMode: boolean;
  /** True after a deliberate sign-out, so guards do not offer to return to the page that was open. */
  signedOutByUser: boolean;
}

export const initialAuthState = (): AuthState => ({
  user: null,
  isAuthenticated: readToken() !== null,
  isLoading: false,
  error: null,
  adminMode: false,
  signedOutByUser: false,
});

const signInThunks = [signInWithIdToken, signInWithLocalProvider, signInWithWallet, registerWithWallet] as const;

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    adminModeToggled(state) {
      if (state.user?.is_admin) state.adminMode = !state.adminMode;
    },
    authErrorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state, { payload }) => {
      state.signedOutByUser = payload === 'user';
      state.user = null;
      state.isAuthenticated = false;
      state.isLoading = false;
      state.adminMode = false;
    });
    builder.addCase(loadCurrentUser.pending, (state) => {
      state.isLoading = true;
    });
    builder.addCase(loadCurrentUser.fulfilled, (state, { payload }) => {
      state.isLoading = false;
      state.user = payload ?? null;
      state.isAuthenticated = Boolean(payload);
      if (!payload?.is_admin) state.adminMode = false;
    });
    builder.addCase(loadCurrentUser.rejected, (state) => {
      state.isLoading = false;
    });
    for (const thunk of signInThunks) {
      builder.addCase(thunk.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      });
      builder.addCase(thunk.fulfilled, (state, { payload }) => {
        state.isLoading = false;
        state.signedOutByUser = false;
        state.user = payload;
        state.isAuthenticated = true;
        if (!payload.is_admin) state.adminMode = false;
      });
      builder.addCase(thunk.rejected, (state, { payload, error }) => {
        state.isLoading = false;
        state.isAuthenticated = false;
        state.user = null;
        state.error = payload?.message ?? error.message ?? 'Login failed. Please try again.';
      });
    }
  },
});

export const { adminModeToggled } = authSlice.actions;
export default authSlice.reducer;
