import { configureStore, createListenerMiddleware, type Middleware } from '@reduxjs/toolkit';
import { chatReducer, historyLoaded, stateRestored } from '../../../src/features/chat/chatSlice';
import { parseRecording } from '../../../src/features/replay/recording';
import { replayRecording } from '../../../src/features/replay/replay';
import {
  addReplayListeners,
  recordingLoaded,
  recordingRejected,
  snapshotLoaded,
} from '../../../src/features/replay/replayListeners';
import { buildSnapshot } from '../../../src/features/support/snapshot';
import { sendRequested } from '../../../src/services/socket/socketActions';
import { useMswServer } from '../../utils/msw';
import { startSocketServer, type SocketServer } from '../../utils/socketServer';
import { makeChatStore, SOCKET_URL, TEAM_ID, until } from './makeChatStore';

useMswServer();

let server: SocketServer;

beforeEach(() => {
  server = startSocketServer(SOCKET_URL);
});

/** A session with history, one full run with coalesced text, tools and members, then a run that drops. */
async function liveSession() {
  const env = makeChatStore();
  env.store.dispatch(
    historyLoaded({
      sessionId: 's-1',
      messages: [
        { role: 'user', content: 'Earlier question', created_at: 1767268800 },
        { role: 'assistant', content: 'Earlier answer', created_at: 1767268805 },
      ],
    }),
  );
  env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Build a digest', sessionId: 's-1', fileIds: [] }));
  await until(() => server.received.length === 1);
  await server.send(
    { type: 'start', session_id: 's-1' },
    { type: 'chunk', content: 'Planning ' },
    { type: 'chunk', content: 'the workflow. ' },
  );
  env.scheduler.frame();
  await server.send(
    {
      type: 'chunk',
      event: 'ToolCallStarted',
      active_tool: { tool_call_id: 't1', tool_name: 'build_workflow', tool_args: { steps: 2 } },
    },
    {
      type: 'chunk',
      event: 'ToolCallCompleted',
      active_tool: { tool_call_id: 't1', tool_name: 'build_workflow', result: '{"nodes":2}\n\nDone' },
    },
    { type: 'chunk', member_responses: [{ member_name: 'Builder', content: 'Two nodes' }] },
    'not json at all',
    { type: 'chunk', content: 'Ready.' },
    { type: 'end', session_id: 's-1' },
  );
  await until(() => env.store.getState().chat.status === 'idle');
  env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'And email me', sessionId: 's-1', fileIds: [] }));
  await until(() => server.received.length === 2);
  await server.send({ type: 'chunk', content: 'Adding an email' });
  server.drop();
  await until(() => env.store.getState().chat.status === 'failed');
  return env;
}

describe('stream recording and replay', () => {
  it('replaying a recording gives a state equal to the live run', async () => {
    const env = await liveSession();
    const file = JSON.parse(JSON.stringify(env.recorder.toRecording())) as unknown;
    const parsed = parseRecording(file);
    if (!parsed.ok) throw new Error(parsed.error);

    expect(replayRecording(parsed.recording, chatReducer)).toEqual(env.store.getState().chat);
  });

  it('keeps the raw frames and the actions in order, with their timing', async () => {
    const env = await liveSession();
    const { entries } = env.recorder.toRecording();
    const frames = entries.flatMap((e) => (e.kind === 'frame' ? [e.raw] : []));
    expect(frames).toHaveLength(10);
    expect(frames[6]).toBe('not json at all');
    const types = entries.flatMap((e) => (e.kind === 'action' ? [e.action.type] : []));
    expect(types).toEqual([
      'chat/historyLoaded',
      'chat/sendRequested',
      'chat/streamStarted',
      'chat/textDelta',
      'chat/toolStarted',
      'chat/toolCompleted',
      'chat/memberResponses',
      'chat/textDelta',
      'chat/runCompleted',
      'chat/sendRequested',
      'chat/textDelta',
      'chat/streamFailed',
    ]);
    const times = entries.map((e) => e.t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('replays from the state a recording began with when it starts mid-conversation', async () => {
    const env = makeChatStore();
    env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'First', sessionId: null, fileIds: [] }));
    await until(() => server.received.length === 1);
    await server.send({ type: 'chunk', content: 'One' }, { type: 'end', session_id: 's-9' });
    await until(() => env.store.getState().chat.status === 'idle');
    env.recorder.reset();
    env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Second', sessionId: 's-9', fileIds: [] }));
    await until(() => server.received.length === 2);
    await server.send({ type: 'chunk', content: 'Two' }, { type: 'end', session_id: 's-9' });
    await until(() => env.store.getState().chat.status === 'idle');

    const recording = env.recorder.toRecording();
    expect(recording.initialState).toMatchObject({ sessionId: 's-9' });
    expect(replayRecording(recording, chatReducer)).toEqual(env.store.getState().chat);
  });

  it('replays into another app store through replay/recordingLoaded without opening a socket or refreshing data', async () => {
    const env = await liveSession();
    const recording = JSON.parse(JSON.stringify(env.recorder.toRecording())) as unknown;
    const viewer = makeChatStore();
    addReplayListeners(viewer.listener.startListening, { restoreState: (state) => stateRestored(state as never) });
    viewer.store.dispatch(recordingLoaded({ recording }));
    await until(() => viewer.store.getState().chat.status === 'failed');

    expect(viewer.store.getState().chat).toEqual(env.store.getState().chat);
    expect(server.received).toHaveLength(2);
    expect(viewer.invalidated).toEqual([]);
  });

  it('restores the chat of a support snapshot into another app store through replay/snapshotLoaded', async () => {
    const env = await liveSession();
    const snapshot = buildSnapshot({
      appName: 'Agent Team Studio',
      appVersion: 'test',
      route: '/teams/t/chat',
      state: env.store.getState(),
      recording: env.recorder.toRecording(),
      connection: [],
      apiErrors: [],
      maskMessages: false,
    });
    const viewer = makeChatStore();
    addReplayListeners(viewer.listener.startListening, { restoreState: (state) => stateRestored(state as never) });
    viewer.store.dispatch(snapshotLoaded({ snapshot: JSON.parse(JSON.stringify(snapshot)) }));
    await until(() => viewer.store.getState().chat.sessionId === env.store.getState().chat.sessionId);
    expect(viewer.store.getState().chat).toEqual(env.store.getState().chat);
    expect(server.received).toHaveLength(2);
  });

  it('rejects a file that is not a recording', async () => {
    const listener = createListenerMiddleware();
    const seen: string[] = [];
    const watch: Middleware = () => (next) => (action) => {
      seen.push((action as { type: string }).type);
      return next(action);
    };
    const store = configureStore({
      reducer: { chat: chatReducer },
      middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(watch),
    });
    addReplayListeners(listener.startListening, { restoreState: (state) => stateRestored(state as never) });
    store.dispatch(recordingLoaded({ recording: { entries: 'nope' } }));
    await until(() => seen.includes(recordingRejected.type));
    expect(store.getState().chat.messages.ids).toEqual([]);
  });
});
