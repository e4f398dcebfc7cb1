// Auth events shared by the slice, the thunks and the listeners.
import { createAction } from '@reduxjs/toolkit';

export type SignOutReason = 'user' | 'expired';

/**
 * The user signed out ("user"), or the server no longer accepts the token ("expired", the default); a listener
 * removes the stored token. Only an expired session sends the user back to the page they were on after signing in.
 */
export const signedOut = createAction('auth/signedOut', (reason: SignOutReason = 'expired') => ({ payload: reason }));

/** Why a sign-in failed: the text to show, and the server's code when it sent one. */
export interface SignInFailure {
  message: string;
  code?: string;
}
