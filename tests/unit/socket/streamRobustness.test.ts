import fc from 'fast-check';
import { selectAllMessages, selectLiveToolRuns } from '../../../src/features/chat/chatSelectors';
import { sendRequested } from '../../../src/services/socket/socketActions';
import { useMswServer } from '../../utils/msw';
import { startSocketServer, type SocketServer } from '../../utils/socketServer';
import { makeChatStore, SOCKET_URL, TEAM_ID, until } from '../chat/makeChatStore';

useMswServer();

let server: SocketServer;

async function startRun() {
  const env = makeChatStore();
  env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Go', sessionId: 's-1', fileIds: [] }));
  await until(() => server.received.length === 1);
  return env;
}

describe('out-of-order and duplicate frames', () => {
  beforeEach(() => {
    server = startSocketServer(SOCKET_URL);
  });

  it('completes a tool whose completion arrives before its start, and keeps it completed', async () => {
    const env = await startRun();
    await server.send(
      {
        type: 'chunk',
        event: 'ToolCallCompleted',
        active_tool: { tool_call_id: 't1', tool_name: 'fetch', result: 'ok' },
      },
      {
        type: 'chunk',
        event: 'ToolCallStarted',
        active_tool: { tool_call_id: 't1', tool_name: 'fetch', tool_args: { url: 'x' } },
      },
    );
    env.scheduler.frame();
    expect(selectLiveToolRuns(env.store.getState())).toEqual([
      {
        tool: expect.objectContaining({ tool_call_id: 't1', tool_args: { url: 'x' }, result: 'ok' }),
        status: 'completed',
      },
    ]);
  });

  it('shows one tool, one member response and one RunStarted for repeated frames', async () => {
    const env = await startRun();
    const started = { type: 'chunk', event: 'ToolCallStarted', active_tool: { tool_call_id: 't2', tool_name: 'plan' } };
    const members = {
      type: 'chunk',
      member_responses: [{ member_id: 'm1', member_name: 'Builder', content: 'Built' }],
    };
    await server.send(
      { type: 'start' },
      { type: 'start' },
      started,
      started,
      members,
      members,
      { type: 'end' },
      { type: 'end' },
    );
    await until(() => env.store.getState().chat.status === 'idle');
    const team = selectAllMessages(env.store.getState()).filter((m) => m.sender === 'team');
    expect(team).toHaveLength(1);
    expect(team[0]?.tools).toHaveLength(1);
    expect(team[0]?.memberResponses).toHaveLength(1);
    expect(team[0]?.events?.filter((e) => e.type === 'RunStarted')).toHaveLength(1);
  });

  it('counts a tool whose result is "None" as still running', async () => {
    const env = await startRun();
    await server.send({
      type: 'chunk',
      event: 'ToolCallCompleted',
      active_tool: { tool_call_id: 't3', tool_name: 'wait', result: 'None' },
    });
    env.scheduler.frame();
    expect(selectLiveToolRuns(env.store.getState()).map((r) => r.status)).toEqual(['running']);
  });

  it('ignores frames that arrive after the end of the run', async () => {
    const env = await startRun();
    await server.send({ type: 'chunk', content: 'Final' }, { type: 'end' }, { type: 'chunk', content: ' late' });
    await until(() => env.store.getState().chat.status === 'idle');
    expect(selectAllMessages(env.store.getState()).map((m) => m.content)).toEqual(['Go', 'Final']);
  });

  it('takes an end frame that repeats the whole reply as the reply, not as more text', async () => {
    const env = await startRun();
    await server.send(
      { type: 'chunk', content: 'Hello ' },
      { type: 'chunk', content: 'there' },
      { type: 'end', content: 'Hello there' },
    );
    await until(() => env.store.getState().chat.status === 'idle');
    expect(selectAllMessages(env.store.getState()).at(-1)?.content).toBe('Hello there');
  });
});

const FRAME_TYPES = ['start', 'chunk', 'end', 'error'];
const EVENTS = ['ToolCallStarted', 'ToolCallCompleted', 'RunCompleted'];

const notJson = fc.string().filter((s) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
});
const notAnObject = fc
  .oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer()))
  .map((v) => JSON.stringify(v));
const unknownType = fc.record({ type: fc.string().filter((t) => !FRAME_TYPES.includes(t)), content: fc.string() });
const unknownEvent = fc.record({
  type: fc.constant('chunk'),
  event: fc.string().filter((e) => !EVENTS.includes(e)),
  content: fc.string(),
});
const missingFields = fc.oneof(
  fc.constant({ type: 'chunk', event: 'ToolCallStarted' }),
  fc.record({
    type: fc.constant('chunk'),
    event: fc.constant('ToolCallCompleted'),
    active_tool: fc.record({ tool_name: fc.string() }),
  }),
  fc.record({ type: fc.constant('chunk'), content: fc.integer() }),
  fc.record({
    type: fc.constant('chunk'),
    member_responses: fc.array(fc.record({ member_name: fc.string() }), { minLength: 1 }),
  }),
);
const garbage = fc.oneof(notJson, notAnObject, unknownType, unknownEvent, missingFields);
const textFrame = fc.string({ minLength: 1 }).map((content) => ({ type: 'chunk', content }));
type TextFrame = { type: 'chunk'; content: string };
const isTextFrame = (f: unknown): f is TextFrame =>
  typeof f === 'object' &&
  f !== null &&
  !('event' in f) &&
  (f as TextFrame).type === 'chunk' &&
  typeof (f as TextFrame).content === 'string';
const stream = fc.array(fc.oneof(textFrame, garbage), { maxLength: 30 });

describe('malformed frames', () => {
  it('skips any malformed frame, reports each kind once, and keeps every character of the valid ones', async () => {
    await fc.assert(
      fc.asyncProperty(stream, async (frames) => {
        server = startSocketServer(SOCKET_URL);
        try {
          const env = await startRun();
          await server.send(...frames, { type: 'end' });
          await until(() => env.store.getState().chat.status === 'idle');
          const valid = frames.filter(isTextFrame);
          const expected = valid.map((f) => f.content).join('');
          const reply = selectAllMessages(env.store.getState()).find((m) => m.sender === 'team');
          expect(reply?.content ?? '').toBe(expected);
          const kinds = env.warnings.map((w) => /\(([a-z-]+)\)/.exec(w)?.[1]);
          expect(new Set(kinds).size).toBe(kinds.length);
          expect(kinds.length > 0).toBe(valid.length < frames.length);
        } finally {
          server.stop();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('coalescing at any chunk rate', () => {
  it('keeps every character in order with at most one store update per animation frame', async () => {
    const plan = fc.array(fc.record({ text: fc.string({ minLength: 1, maxLength: 8 }), frameAfter: fc.boolean() }), {
      minLength: 1,
      maxLength: 60,
    });
    await fc.assert(
      fc.asyncProperty(plan, async (chunks) => {
        server = startSocketServer(SOCKET_URL);
        try {
          const env = await startRun();
          let updates = 0;
          const unsubscribe = env.store.subscribe(() => {
            updates += 1;
          });
          let frames = 0;
          for (const chunk of chunks) {
            await server.send({ type: 'chunk', content: chunk.text });
            if (chunk.frameAfter) {
              frames += 1;
              env.scheduler.frame();
            }
          }
          frames += 1;
          env.scheduler.frame();
          unsubscribe();
          expect(env.store.getState().chat.run?.text).toBe(chunks.map((c) => c.text).join(''));
          expect(updates).toBeLessThanOrEqual(frames);
        } finally {
          server.stop();
        }
      }),
      { numRuns: 40 },
    );
  });
});
