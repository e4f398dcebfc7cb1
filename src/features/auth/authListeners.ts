// Side effects of auth events: a 401 signs out; signing out forgets the token and every cached server answer.
import type { AppStartListening } from '../../app/listenerMiddleware';
import { api } from '../../services/api';
import { unauthorizedResponse } from '../../services/baseQuery';
import { clearToken } from '../../services/token';
import { signedOut } from './authActions';

export function addAuthListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: unauthorizedResponse,
    effect: (_action, { dispatch }) => {
      dispatch(signedOut());
    },
  });
  startAppListening({
    actionCreator: signedOut,
    effect: (_action, { dispatch }) => {
      clearToken();
      dispatch(api.util.resetApiState());
    },
  });
}
