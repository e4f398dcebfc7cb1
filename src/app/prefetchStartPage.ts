// The data the team chat shows first, asked for while the app starts when the browser opens that page, instead of once
// the first render has committed and ChatRouteEntry's effect runs (on a phone, about a second later).
import { matchPath } from 'react-router';
import { api } from '../services/api';
import { readToken } from '../services/token';
import { TEAM_ID } from './env';
import type { AppStore } from './store';

export function prefetchStartPage(store: AppStore, { pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  // Signed out, the page redirects to /login.
  if (readToken() === null) return;
  if (matchPath('/teams/:teamId/chat', pathname)?.params.teamId !== TEAM_ID) return;
  store.dispatch(api.util.prefetch('getTeam', TEAM_ID, {}));
  // The home-team variant does not check credentials.
  if (new URLSearchParams(search).get('isHomeTeam') === 'true') return;
  store.dispatch(api.util.prefetch('getCredentials', undefined, {}));
  store.dispatch(api.util.prefetch('getCredentialServers', undefined, {}));
}
