import { http, HttpResponse } from 'msw';
import { makeStore } from '../../src/app/store';
import { api } from '../../src/services/api';
import type { ChatSession } from '../../src/services/contract';
import { apiUrl, server, useMswServer } from '../utils/msw';

useMswServer();

const TEAM = 'team-1';
const session = (id: string, name: string): ChatSession => ({
  session_id: id,
  session_name: name,
  team_id: TEAM,
  created_at: '2026-11-20T10:00:00Z',
  last_updated: '2026-11-21T15:30:00Z',
});

/** Serves the team's session list from `sessions` and counts requests per "METHOD path". */
function serveSessions(sessions: () => ChatSession[]) {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname.replace('/api/v1', '')}`);
  });
  server.use(
    http.get(apiUrl(`/teams/${TEAM}/sessions`), () =>
      HttpResponse.json({ data: { total: sessions().length, sessions: sessions() } }),
    ),
  );
  return { count: (key: string) => seen.filter((s) => s === key).length };
}

async function loadedStore() {
  const store = makeStore();
  const list = store.dispatch(api.endpoints.getTeamSessions.initiate({ teamId: TEAM, limit: 50, offset: 0 }));
  await list.unwrap();
  return { store, list };
}

afterEach(() => server.events.removeAllListeners());

describe('renaming a session', () => {
  it('refetches the session list but not the loaded pages of its messages', async () => {
    const requests = serveSessions(() => [session('s1', 'Renamed')]);
    server.use(
      http.get(apiUrl('/teams/sessions/s1/messages'), () =>
        HttpResponse.json({ data: { session: session('s1', 'Old name'), team_context: {}, messages: [], total: 0 } }),
      ),
      http.patch(apiUrl('/teams/sessions/s1'), () => HttpResponse.json({ data: session('s1', 'Renamed') })),
    );
    const { store, list } = await loadedStore();
    const messages = store.dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }));
    await messages.unwrap();

    await store.dispatch(api.endpoints.renameSession.initiate({ id: 's1', session_name: 'Renamed' })).unwrap();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count(`GET /teams/${TEAM}/sessions`)).toBe(2);
    expect(requests.count('GET /teams/sessions/s1/messages')).toBe(1);
    messages.unsubscribe();
    list.unsubscribe();
  });
});
