// Auth events shared by the slice, the thunks and the listeners.
import { createAction } from '@reduxjs/toolkit';

/** The user signed out, or the server no longer accepts the token; a listener removes the stored token. */
export const signedOut = createAction('auth/signedOut');

/** Why a sign-in failed: the text to show, and the server's code when it sent one. */
export interface SignInFailure {
  message: string;
  code?: string;
}
