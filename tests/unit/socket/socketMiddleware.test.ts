import { selectAllMessages, selectLiveText, selectLiveToolRuns } from '../../../src/features/chat/chatSelectors';
import { sendRequested, stopRequested } from '../../../src/services/socket/socketActions';
import { useMswServer } from '../../utils/msw';
import { startSocketServer, type SocketServer } from '../../utils/socketServer';
import { makeChatStore, SIGNED_OUT, SOCKET_URL, TEAM_ID, TOKEN, until } from '../chat/makeChatStore';

useMswServer();

let server: SocketServer;

beforeEach(() => {
  server = startSocketServer(SOCKET_URL);
});

async function connected(
  env: ReturnType<typeof makeChatStore>,
  message = 'Build me a workflow',
  sessionId: string | null = 's-1',
) {
  env.store.dispatch(sendRequested({ teamId: TEAM_ID, message, sessionId, fileIds: ['f-1'] }));
  await until(() => server.received.length === 1);
}

describe('socket middleware', () => {
  it('opens /teams/{id}/ws with token and session_id and sends {message, session_id, file_ids}', async () => {
    const env = makeChatStore();
    await connected(env, 'Hello team', 's-42');

    expect(server.urls).toEqual([`ws://localhost/api/v1/teams/${TEAM_ID}/ws?token=${TOKEN}&session_id=s-42`]);
    expect(server.received).toEqual([{ message: 'Hello team', session_id: 's-42', file_ids: ['f-1'] }]);
    expect(selectAllMessages(env.store.getState())).toEqual([
      expect.objectContaining({ sender: 'user', content: 'Hello team', fileIds: ['f-1'] }),
    ]);
  });

  it('turns a full run into a team message with tools, member responses and events, and adopts the session', async () => {
    const env = makeChatStore();
    await connected(env, 'Build me a workflow', null);
    await server.send(
      { type: 'start', session_id: 's-new' },
      { type: 'chunk', content: 'Hello ' },
      {
        type: 'chunk',
        event: 'ToolCallStarted',
        active_tool: { tool_call_id: 't1', tool_name: 'search', tool_args: { q: 'n8n' } },
      },
    );
    // Text and tool events arrive in the store together, once per animation frame, in the order they came.
    await until(() => env.scheduler.pending() === 1);
    env.scheduler.frame();
    expect(selectLiveText(env.store.getState())).toBe('Hello ');
    expect(selectLiveToolRuns(env.store.getState()).map((r) => r.status)).toEqual(['running']);

    await server.send(
      { type: 'chunk', content: 'world' },
      {
        type: 'chunk',
        event: 'ToolCallCompleted',
        active_tool: { tool_call_id: 't1', tool_name: 'search', result: 'found 3' },
      },
      { type: 'chunk', member_responses: [{ member_name: 'Planner', content: 'Plan ready' }] },
      { type: 'end', session_id: 's-new', done: true },
    );
    await until(() => env.store.getState().chat.status === 'idle');

    const [user, team] = selectAllMessages(env.store.getState());
    expect(user).toMatchObject({ sender: 'user', content: 'Build me a workflow' });
    expect(team).toMatchObject({
      sender: 'team',
      content: 'Hello world',
      tools: [{ tool_call_id: 't1', tool_name: 'search', tool_args: { q: 'n8n' }, result: 'found 3' }],
      memberResponses: [{ member_name: 'Planner', content: 'Plan ready' }],
      completedTools: ['t1'],
      activeTools: [],
    });
    expect(team?.events?.map((e) => e.type)).toEqual([
      'RunStarted',
      'ToolCallStarted',
      'ToolCallCompleted',
      'MemberResponse',
    ]);
    expect(env.store.getState().chat.sessionId).toBe('s-new');
    expect(env.invalidated).toEqual([
      [
        { type: 'Credits' },
        { type: 'SessionList', id: TEAM_ID },
        { type: 'SessionList', id: 'ALL' },
        { type: 'Session', id: 's-new' },
        { type: 'SessionMessages', id: 's-new' },
      ],
    ]);
    await until(() => !server.isClientConnected());
  });

  it.each([
    ['an end frame', { type: 'end' }],
    ['a chunk with done set', { type: 'chunk', content: '!', done: true }],
    ['a RunCompleted event', { type: 'chunk', event: 'RunCompleted' }],
  ])('closes the socket and completes the reply on %s', async (_name, frame) => {
    const env = makeChatStore();
    await connected(env);
    await server.send({ type: 'chunk', content: 'Done' }, frame);
    await until(() => !server.isClientConnected());
    expect(env.store.getState().chat.status).toBe('idle');
    expect(selectAllMessages(env.store.getState()).at(-1)?.content).toMatch(/^Done!?$/);
  });

  it('coalesces many deltas within one animation frame into one store update with identical text', async () => {
    const env = makeChatStore();
    await connected(env);
    const pieces = Array.from({ length: 200 }, (_, i) => `w${i} `);
    let updates = 0;
    const unsubscribe = env.store.subscribe(() => {
      updates += 1;
    });
    await server.send(...pieces.map((content) => ({ type: 'chunk', content })));
    await until(() => env.scheduler.pending() === 1);
    expect(updates).toBe(0);
    env.scheduler.frame();
    unsubscribe();
    expect(updates).toBe(1);
    expect(selectLiveText(env.store.getState())).toBe(pieces.join(''));
  });

  it('holds the text and tool events that arrive between animation frames and dispatches them together, in arrival order', async () => {
    const env = makeChatStore();
    await connected(env);
    const dispatched: string[] = [];
    const unsubscribe = env.store.subscribe(() => dispatched.push('update'));
    const tool = { tool_call_id: 't1', tool_name: 'search' };
    await server.send(
      { type: 'chunk', content: 'Looking ' },
      { type: 'chunk', event: 'ToolCallStarted', active_tool: tool },
      { type: 'chunk', content: 'it up, ' },
      { type: 'chunk', content: 'done.' },
      { type: 'chunk', event: 'ToolCallCompleted', active_tool: { ...tool, result: 'found' } },
    );
    await until(() => env.scheduler.pending() === 1);
    expect(dispatched).toEqual([]);
    const before = env.store.getState().chat.run?.events.length ?? 0;
    env.scheduler.frame();
    unsubscribe();
    expect(selectLiveText(env.store.getState())).toBe('Looking it up, done.');
    expect(
      env.store
        .getState()
        .chat.run?.events.slice(before)
        .map((e) => e.type),
    ).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
    const types = env.recorder.toRecording().entries.flatMap((e) => (e.kind === 'action' ? [e.action.type] : []));
    expect(types.slice(-4)).toEqual(['chat/textDelta', 'chat/toolStarted', 'chat/textDelta', 'chat/toolCompleted']);
  });

  it('flushes coalesced text by itself on the next animation frame when no scheduler is injected', async () => {
    const env = makeChatStore({ scheduler: undefined });
    await connected(env);
    await server.send({ type: 'chunk', content: 'a' }, { type: 'chunk', content: 'b' });
    await until(() => selectLiveText(env.store.getState()) === 'ab', 500);
  });

  it('keeps the user message and the partial reply when the connection drops mid-run, with retry info', async () => {
    const env = makeChatStore();
    await connected(env, 'Make it so', 's-7');
    await server.send({ type: 'start', session_id: 's-7' }, { type: 'chunk', content: 'Partial answ' });
    server.drop();
    await until(() => env.store.getState().chat.status === 'failed');

    const messages = selectAllMessages(env.store.getState());
    expect(messages.map((m) => [m.sender, m.content])).toEqual([
      ['user', 'Make it so'],
      ['team', 'Partial answ'],
      ['team', 'Unable to connect to the AI service. Please check your connection and try again.'],
    ]);
    expect(messages[1]?.interrupted).toBe('failed');
    expect(messages[2]?.isError).toBe(true);
    expect(env.store.getState().chat.error).toEqual({
      message: 'Unable to connect to the AI service. Please check your connection and try again.',
      source: 'connection',
      retry: { teamId: TEAM_ID, message: 'Make it so', fileIds: ['f-1'], sessionId: 's-7', homeTeam: false },
    });
    expect(env.invalidated.at(-1)).toContainEqual({ type: 'Session', id: 's-7' });
    expect(env.invalidated.at(-1)).toContainEqual({ type: 'SessionMessages', id: 's-7' });

    const retry = env.store.getState().chat.error!.retry;
    env.store.dispatch(sendRequested({ ...retry, retry: true }));
    await until(() => server.received.length === 2);
    expect(selectAllMessages(env.store.getState()).filter((m) => m.sender === 'user')).toHaveLength(1);
    expect(env.store.getState().chat.status).toBe('streaming');
  });

  it('fails with "WebSocket connection error" when the socket cannot connect', async () => {
    server.refuse();
    const env = makeChatStore();
    env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Hi', sessionId: null, fileIds: [] }));
    await until(() => env.store.getState().chat.status === 'failed');
    expect(env.store.getState().chat.error).toMatchObject({
      source: 'connection',
      message: 'Unable to connect to the AI service. Please check your connection and try again.',
    });
  });

  it('stops a running reply: closes the socket and keeps what arrived', async () => {
    const env = makeChatStore();
    await connected(env);
    await server.send({ type: 'chunk', content: 'So far' });
    env.store.dispatch(stopRequested());
    await until(() => !server.isClientConnected());
    expect(env.store.getState().chat.status).toBe('idle');
    expect(selectAllMessages(env.store.getState()).at(-1)).toMatchObject({ content: 'So far', interrupted: 'stopped' });
  });

  it('closes the socket on sign-out', async () => {
    const env = makeChatStore();
    await connected(env);
    env.store.dispatch({ type: SIGNED_OUT });
    await until(() => !server.isClientConnected());
    expect(env.store.getState().chat.status).toBe('idle');
  });

  it('ignores a second send while a reply streams', async () => {
    const env = makeChatStore();
    await connected(env);
    env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Again', sessionId: 's-1', fileIds: [] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.received).toHaveLength(1);
    expect(selectAllMessages(env.store.getState()).map((m) => m.content)).toEqual(['Build me a workflow']);
  });
});
