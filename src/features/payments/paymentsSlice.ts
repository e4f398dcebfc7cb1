// The wait for a subscription cancellation to show in the status (SPEC §4): waiting, then confirmed or timed out.
import { createSlice } from '@reduxjs/toolkit';
import { api } from '../../services/api';
import { signedOut } from '../auth/authActions';

export interface PaymentsState {
  cancellation: 'idle' | 'waiting' | 'timedOut';
}

const initialState: PaymentsState = { cancellation: 'idle' };

export const paymentsSlice = createSlice({
  name: 'payments',
  initialState,
  reducers: {
    cancellationConfirmed(state) {
      state.cancellation = 'idle';
    },
    cancellationTimedOut(state) {
      state.cancellation = 'timedOut';
    },
    cancellationNoticeDismissed(state) {
      if (state.cancellation === 'timedOut') state.cancellation = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      // Asking again clears the notice of an earlier timeout; the server's yes starts the wait.
      .addMatcher(api.endpoints.cancelSubscription.matchPending, (state) => {
        state.cancellation = 'idle';
      })
      .addMatcher(api.endpoints.cancelSubscription.matchFulfilled, (state) => {
        state.cancellation = 'waiting';
      });
  },
});

export const { cancellationConfirmed, cancellationTimedOut, cancellationNoticeDismissed } = paymentsSlice.actions;

/** The slice joins the store with the payment page, so it may not be there yet. */
type PaymentsRoot = { payments?: PaymentsState };
export const selectWaitingForCancellation = (state: PaymentsRoot) => state.payments?.cancellation === 'waiting';
export const selectCancellationTimedOut = (state: PaymentsRoot) => state.payments?.cancellation === 'timedOut';
