// Registers the payment page's state and its cancellation listener with the app when the page first loads.
import { rootReducer } from '../../app/store';
import { startAppListening } from '../../app/listenerMiddleware';
import { addPaymentsListeners } from './paymentsListeners';
import { paymentsSlice } from './paymentsSlice';

let installed = false;

/** Idempotent: the reducer and listener are shared by every store, like the app's listener middleware. */
export function installPaymentsModule(): void {
  if (installed) return;
  installed = true;
  rootReducer.inject(paymentsSlice);
  addPaymentsListeners(startAppListening);
}
