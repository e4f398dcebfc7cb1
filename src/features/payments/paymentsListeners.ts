// After the server accepts a cancel request, poll the subscription status every 1 s for up to 10 s until it reports
// cancel_at_period_end (SPEC §4). A newer request or signing out ends the wait for an earlier one.
import { isAnyOf } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { AppDispatch } from '../../app/store';
import { api } from '../../services/api';
import { signedOut } from '../auth/authActions';
import { cancellationConfirmed, cancellationTimedOut } from './paymentsSlice';

const POLL_INTERVAL_MS = 1000;
const POLL_TIMEOUT_MS = 10_000;
const POLL_ATTEMPTS = Math.max(1, Math.floor(POLL_TIMEOUT_MS / POLL_INTERVAL_MS));

/** A failed check counts as "not yet". */
async function isCanceled(dispatch: AppDispatch): Promise<boolean> {
  try {
    const status = await dispatch(
      api.endpoints.getSubscriptionStatus.initiate(undefined, { forceRefetch: true, subscribe: false }),
    ).unwrap();
    return status.subscription_details?.cancel_at_period_end === true;
  } catch {
    return false;
  }
}

export function addPaymentsListeners(startAppListening: AppStartListening): void {
  startAppListening({
    matcher: isAnyOf(api.endpoints.cancelSubscription.matchFulfilled, signedOut),
    effect: async (action, { cancelActiveListeners, delay, pause, dispatch }) => {
      cancelActiveListeners();
      if (signedOut.match(action)) return;
      for (let attempt = 1; attempt <= POLL_ATTEMPTS; attempt += 1) {
        await delay(POLL_INTERVAL_MS);
        // pause() lets a cancellation end the wait while a check is on the wire.
        if (await pause(isCanceled(dispatch))) {
          dispatch(cancellationConfirmed());
          return;
        }
      }
      dispatch(cancellationTimedOut());
    },
  });
}
