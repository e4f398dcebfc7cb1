// The data a signed-in page shows first (the header's balance; on the team chat, the team, the saved credentials it is
// checked against and the run prices), asked for while the app starts instead of once the first render has committed
// and the components' effects run (on a phone, about a second later).
import { matchPath } from 'react-router';
import { api } from '../services/api';
import { readToken } from '../services/token';
import { TEAM_ID } from './env';
import type { AppStore } from './store';

export function prefetchStartPage(store: AppStore, { pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  // Signed out, the page redirects to /login.
  if (readToken() === null) return;
  store.dispatch(api.util.prefetch('getBalance', undefined, {}));
  if (matchPath('/teams/:teamId/chat', pathname)?.params.teamId !== TEAM_ID) return;
  store.dispatch(api.util.prefetch('getTeam', TEAM_ID, {}));
  store.dispatch(api.util.prefetch('getCreditStatus', undefined, {}));
  // The home-team variant does not check credentials.
  if (new URLSearchParams(search).get('isHomeTeam') === 'true') return;
  store.dispatch(api.util.prefetch('getCredentials', undefined, {}));
  store.dispatch(api.util.prefetch('getCredentialServers', undefined, {}));
}
