import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../src/app/store';
import { installChatModule } from '../../../src/features/chat/chatModule';
import { selectAllMessages } from '../../../src/features/chat/chatSelectors';
import { sessionOpened } from '../../../src/features/chat/chatSlice';
import { initialChatState, messagesAdapter } from '../../../src/features/chat/chatState';
import { api } from '../../../src/services/api';
import type { StoredMessage } from '../../../contract/types';
import { apiUrl, server, useMswServer } from '../../utils/msw';

useMswServer();
installChatModule();

const stored = (n: number, sessionId = 's1'): StoredMessage => ({
  id: `${sessionId}-m${n}`,
  role: n % 2 === 0 ? 'user' : 'assistant',
  content: `${sessionId} message ${n}`,
  // A minute apart, so the history merge keeps them in order.
  created_at: new Date(Date.UTC(2026, 10, 21, 10, n)).toISOString(),
});

/** Serves `count` stored messages per session, newest page first, honouring limit and skip like the server. */
function serveMessages(count: number) {
  server.use(
    http.get(apiUrl('/teams/sessions/:id/messages'), ({ params, request }) => {
      const sessionId = String(params.id);
      const all = Array.from({ length: count }, (_, i) => stored(i, sessionId));
      const query = new URL(request.url).searchParams;
      const limit = Number(query.get('limit'));
      const skip = Number(query.get('skip') ?? 0);
      const messages = all.slice(Math.max(0, count - skip - limit), count - skip);
      return HttpResponse.json({
        data: { session: { session_id: sessionId }, team_context: {}, messages, total: count },
      });
    }),
  );
}

const contents = (store: ReturnType<typeof makeStore>) => selectAllMessages(store.getState()).map((m) => m.content);

describe('the session history in the chat', () => {
  it('shows the stored messages of the open session when they arrive', async () => {
    serveMessages(2);
    const store = makeStore();
    store.dispatch(sessionOpened({ sessionId: 's1' }));
    const query = store.dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }));
    await query.unwrap();
    expect(contents(store)).toEqual(['s1 message 0', 's1 message 1']);
    query.unsubscribe();
  });

  it('shows messages that were cached before the session opened', async () => {
    serveMessages(2);
    const store = makeStore();
    const query = store.dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }));
    await query.unwrap();
    expect(contents(store)).toEqual([]);
    store.dispatch(sessionOpened({ sessionId: 's1' }));
    expect(contents(store)).toEqual(['s1 message 0', 's1 message 1']);
    query.unsubscribe();
  });

  it('leaves the chat alone when the messages of another session arrive', async () => {
    serveMessages(2);
    const store = makeStore();
    store.dispatch(sessionOpened({ sessionId: 's1' }));
    const query = store.dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's2' }));
    await query.unwrap();
    expect(contents(store)).toEqual([]);
    expect(store.getState().chat.sessionId).toBe('s1');
    query.unsubscribe();
  });

  it('adds each earlier page above the messages shown as the user scrolls up', async () => {
    serveMessages(150);
    const store = makeStore();
    store.dispatch(sessionOpened({ sessionId: 's1' }));
    const query = store.dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }));
    await query.unwrap();
    expect(contents(store)).toHaveLength(100);
    expect(contents(store)[0]).toBe('s1 message 50');

    await store
      .dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }, { direction: 'forward' }))
      .unwrap();
    expect(contents(store)).toHaveLength(150);
    expect(contents(store).slice(0, 2)).toEqual(['s1 message 0', 's1 message 1']);
    expect(contents(store).at(-1)).toBe('s1 message 149');
    query.unsubscribe();
  });

  it('keeps what only the live view has in a session watched live, adding only earlier stored messages', async () => {
    serveMessages(4);
    const live = {
      id: 'reply-run-1',
      content: 'Live answer with its tool timeline',
      sender: 'team' as const,
      timestamp: '2026-11-21T10:05:00.000Z',
      events: [{ type: 'RunStarted' as const, data: {}, timestamp: '2026-11-21T10:04:00.000Z' }],
    };
    const store = makeStore({
      chat: {
        ...initialChatState,
        sessionId: 's1',
        liveSessionId: 's1',
        // The live view showed the stored messages from 10:02 on; only the ones before it are added.
        historyStart: '2026-11-21T10:02:00.000Z',
        messages: messagesAdapter.setAll(messagesAdapter.getInitialState(), [live]),
      },
    });
    const query = store.dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }));
    await query.unwrap();
    expect(contents(store)).toEqual(['s1 message 0', 's1 message 1', 'Live answer with its tool timeline']);
    expect(selectAllMessages(store.getState()).at(-1)?.events).toHaveLength(1);
    query.unsubscribe();
  });
});
