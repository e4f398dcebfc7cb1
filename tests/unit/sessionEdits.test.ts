import { http, HttpResponse } from 'msw';
import { makeStore } from '../../src/app/store';
import { api } from '../../src/services/api';
import type { ChatSession } from '../../contract/types';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';

useMswServer();

const TEAM = 'team-1';
const session = (id: string, name: string): ChatSession => ({
  session_id: id,
  session_name: name,
  team_id: TEAM,
  created_at: '2026-11-20T10:00:00Z',
  last_updated: '2026-11-21T15:30:00Z',
});

/** A response the test releases when it is ready to let the server answer. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

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
  const names = () =>
    api.endpoints.getTeamSessions
      .select({ teamId: TEAM, limit: 50, offset: 0 })(store.getState())
      .data?.sessions.map((s) => s.session_name);
  return { store, names, list };
}

afterEach(() => server.events.removeAllListeners());

describe('renaming a session', () => {
  it('shows the new name in the session list before the server answers', async () => {
    let stored = [session('s1', 'Old name'), session('s2', 'Keep me')];
    serveSessions(() => stored);
    const answer = gate();
    server.use(
      http.patch(apiUrl('/teams/sessions/s1'), async () => {
        await answer.opened;
        stored = [session('s1', 'New name'), stored[1]!];
        return HttpResponse.json({ data: stored[0] });
      }),
    );
    const { store, names, list } = await loadedStore();

    const renaming = store.dispatch(api.endpoints.renameSession.initiate({ id: 's1', session_name: 'New name' }));
    expect(names()).toEqual(['New name', 'Keep me']);
    answer.open();
    await renaming.unwrap();
    expect(names()).toEqual(['New name', 'Keep me']);
    list.unsubscribe();
  });

  it('puts the old name back when the server refuses', async () => {
    serveSessions(() => [session('s1', 'Old name')]);
    const answer = gate();
    server.use(
      http.patch(apiUrl('/teams/sessions/s1'), async () => {
        await answer.opened;
        return errorResponse(500, 'Database unavailable');
      }),
    );
    const { store, names, list } = await loadedStore();

    const renaming = store.dispatch(api.endpoints.renameSession.initiate({ id: 's1', session_name: 'New name' }));
    expect(names()).toEqual(['New name']);
    answer.open();
    await expect(renaming.unwrap()).rejects.toMatchObject({ status: 500 });
    expect(names()).toEqual(['Old name']);
    list.unsubscribe();
  });

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

describe('deleting a session', () => {
  it('takes it out of the session list before the server answers', async () => {
    let stored = [session('s1', 'Drop me'), session('s2', 'Keep me')];
    serveSessions(() => stored);
    const answer = gate();
    server.use(
      http.delete(apiUrl('/teams/sessions/s1'), async () => {
        await answer.opened;
        stored = stored.slice(1);
        return HttpResponse.json({ data: { deleted: true } });
      }),
    );
    const { store, names, list } = await loadedStore();

    const deleting = store.dispatch(api.endpoints.deleteSession.initiate('s1'));
    expect(names()).toEqual(['Keep me']);
    expect(
      api.endpoints.getTeamSessions.select({ teamId: TEAM, limit: 50, offset: 0 })(store.getState()).data?.total,
    ).toBe(1);
    answer.open();
    await deleting.unwrap();
    expect(names()).toEqual(['Keep me']);
    list.unsubscribe();
  });

  it('brings it back when the server refuses', async () => {
    serveSessions(() => [session('s1', 'Drop me'), session('s2', 'Keep me')]);
    const answer = gate();
    server.use(
      http.delete(apiUrl('/teams/sessions/s1'), async () => {
        await answer.opened;
        return errorResponse(403, 'Not yours');
      }),
    );
    const { store, names, list } = await loadedStore();

    const deleting = store.dispatch(api.endpoints.deleteSession.initiate('s1'));
    expect(names()).toEqual(['Keep me']);
    answer.open();
    await expect(deleting.unwrap()).rejects.toMatchObject({ status: 403 });
    expect(names()).toEqual(['Drop me', 'Keep me']);
    list.unsubscribe();
  });
});
