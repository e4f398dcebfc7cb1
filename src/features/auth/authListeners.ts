// Side effects of auth events: a 401 signs out; signing out forgets the token and every cached server answer, and
// a deliberate sign-out revokes the token on the server.
import type { AppStartListening } from '../../app/listenerMiddleware';
import { api } from '../../services/api';
import { unauthorizedResponse } from '../../services/baseQuery';
import { clearToken, readToken } from '../../services/token';
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
    effect: (action, { dispatch }) => {
      const token = readToken();
      clearToken();
      dispatch(api.util.resetApiState());
      // A deliberate sign-out also revokes the token on the server; the local sign-out never waits for it or fails with it.
      if (action.payload === 'user' && token) void dispatch(api.endpoints.logout.initiate({ token }));
    },
  });
}
