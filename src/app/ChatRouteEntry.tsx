// The team chat route as the entry chunk holds it: the data the chat shows first is asked for while the chat's own
// chunk loads, instead of once that chunk has loaded and rendered (the team, and the saved credentials it is checked
// against). Its own Suspense boundary lets it commit, and so start them, before the chunk arrives.
import { Suspense, useEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { api } from '../services/api';
import { TEAM_ID } from '../config/env';

export function ChatRouteEntry({ children }: { children: ReactNode }) {
  const { teamId } = useParams();
  const [params] = useSearchParams();
  const homeTeam = params.get('isHomeTeam') === 'true';
  const prefetchTeam = api.usePrefetch('getTeam');
  const prefetchCredentials = api.usePrefetch('getCredentials');
  const prefetchServers = api.usePrefetch('getCredentialServers');

  useEffect(() => {
    if (teamId !== TEAM_ID) return;
    prefetchTeam(teamId);
    // The home-team variant does not check credentials.
    if (!homeTeam) {
      prefetchCredentials();
      prefetchServers();
    }
  }, [teamId, homeTeam, prefetchTeam, prefetchCredentials, prefetchServers]);

  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
