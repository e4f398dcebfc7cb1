// The team chat's loader, in the entry chunk: asks for what the chat shows first (the team, the run prices under the
// composer, and the saved credentials and servers its prompt checks them against) while the chat's own chunk
// downloads. The data stays in RTK Query.
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { TEAM_ID } from '../../../config/env';
import { selectIsAuthenticated } from '../../../features/auth/authSelectors';
import { api } from '../../../services/api';
import type { AppStore } from '../../store';

const isHomeTeam = (url: URL) => url.searchParams.get('isHomeTeam') === 'true';

export const teamChatLoader =
  (store: AppStore) =>
  ({ params, request }: LoaderFunctionArgs): null => {
    if (params.teamId !== TEAM_ID || !selectIsAuthenticated(store.getState())) return null;
    store.dispatch(api.util.prefetch('getTeam', params.teamId, {}));
    store.dispatch(api.util.prefetch('getCreditStatus', undefined, {}));
    // The home-team variant does not check credentials.
    if (!isHomeTeam(new URL(request.url))) {
      store.dispatch(api.util.prefetch('getCredentials', undefined, {}));
      store.dispatch(api.util.prefetch('getCredentialServers', undefined, {}));
    }
    return null;
  };

/** Runs again for another team or variant, not for every session opened in the chat. */
export const teamChatShouldRevalidate = ({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs): boolean =>
  currentParams.teamId !== nextParams.teamId || isHomeTeam(currentUrl) !== isHomeTeam(nextUrl);
