// Runs outlive the socket: a dropped socket is opened again after a backed-off wait and resumes after the last frame
// applied; a gap asks for the missing frames; duplicates and frames out of order never reach the reply twice; Stop
// reaches the server over the socket or, while it is down, over HTTP; a run found running is followed from frame 1.
import { selectAllMessages, selectLiveText, selectRunConnection } from '../../../src/features/chat/chatSelectors';
import { connectionWords } from '../../../src/features/chat/components/ConnectionStatus';
import { backoffMs, RECONNECT } from '../../../src/services/socket/connection';
import { runResumed, sendRequested, stopRequested } from '../../../src/services/socket/socketActions';
import { useMswServer } from '../../utils/msw';
import { startSocketServer, type SocketServer } from '../../utils/socketServer';
import { makeChatStore, SOCKET_URL, TEAM_ID, until } from '../chat/makeChatStore';

useMswServer();

let server: SocketServer;
beforeEach(() => {
  server = startSocketServer(SOCKET_URL);
});

/** Retries wait for the test: `fire()` runs the pending one. */
function manualTimers() {
  const pending: Array<{ fn: () => void; ms: number }> = [];
  const network = new EventTarget();
  return {
    pending,
    network,
    options: {
      setTimer: (fn: () => void, ms: number) => {
        const entry = { fn, ms };
        pending.push(entry);
        return entry;
      },
      clearTimer: (handle: unknown) => {
        const at = pending.indexOf(handle as (typeof pending)[number]);
        if (at >= 0) pending.splice(at, 1);
      },
      random: () => 1,
      network,
    },
    fire() {
      const next = pending.shift();
      if (!next) throw new Error('no retry is waiting');
      next.fn();
    },
  };
}

const RUN = 'run-7';
const frame = (seq: number, fields: Record<string, unknown>) => ({ run_id: RUN, seq, session_id: 's-1', ...fields });
const text = (seq: number, content: string) => frame(seq, { type: 'chunk', content });
const end = (seq: number, extra: Record<string, unknown> = {}) => frame(seq, { type: 'end', done: true, ...extra });

function setUp(fetchImpl?: typeof fetch) {
  const timers = manualTimers();
  const env = makeChatStore({ reconnect: timers.options, ...(fetchImpl ? { fetchImpl } : {}) });
  const drain = () => {
    while (env.scheduler.pending()) env.scheduler.frame();
  };
  return { ...env, timers, drain };
}

async function started(env: ReturnType<typeof setUp>) {
  env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Build it', sessionId: 's-1', fileIds: [] }));
  await until(() => server.received.length === 1);
  await server.send(frame(1, { type: 'start' }), text(2, 'Hello '), text(3, 'wor'));
  env.drain();
}

const replyText = (env: ReturnType<typeof setUp>) =>
  selectAllMessages(env.store.getState()).find((m) => m.sender === 'team')?.content;

describe('a run whose socket drops', () => {
  it('waits, reconnects and resumes after the last frame it applied, with nothing lost or doubled', async () => {
    const env = setUp();
    await started(env);
    server.drop();
    await until(() => selectRunConnection(env.store.getState()) !== null);
    const waiting = selectRunConnection(env.store.getState())!;
    expect(waiting.state).toBe('waiting');
    expect(env.timers.pending.map((p) => p.ms)).toEqual([RECONNECT.baseMs]);
    expect(connectionWords('waiting', waiting.retryAt, Date.now())).toBe('Connection lost, retrying in 1 s');
    expect(env.store.getState().chat.status).toBe('streaming');
    expect(selectLiveText(env.store.getState())).toBe('Hello wor');

    env.timers.fire();
    expect(selectRunConnection(env.store.getState())?.state).toBe('reconnecting');
    await until(() => server.received.length === 2);
    expect(server.received[1]).toEqual({ type: 'resume', run_id: RUN, after_seq: 3 });
    // The server may repeat a frame the client has: it is applied once.
    await server.send(text(3, 'wor'), text(4, 'ld'), end(5));
    await until(() => env.store.getState().chat.status === 'idle');
    expect(selectRunConnection(env.store.getState())).toBeNull();
    expect(replyText(env)).toBe('Hello world');
  });

  it('backs off exponentially with jitter, capped, and gives up after the last attempt', async () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffMs(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 30_000]);
    expect(backoffMs(2, () => 0)).toBe(2000);
    const env = setUp();
    await started(env);
    server.refuse();
    server.drop();
    for (let i = 0; i < RECONNECT.attempts; i++) {
      await until(() => env.timers.pending.length === 1);
      env.timers.fire();
    }
    await until(() => env.store.getState().chat.status === 'failed');
    expect(env.store.getState().chat.error?.source).toBe('connection');
    expect(replyText(env)).toBe('Hello wor');
  });

  it('tries again at once when the device is back online', async () => {
    const env = setUp();
    await started(env);
    server.drop();
    await until(() => env.timers.pending.length === 1);
    env.timers.network.dispatchEvent(new Event('online'));
    await until(() => server.received.length === 2);
    expect(env.timers.pending).toEqual([]);
    expect(server.received[1]).toMatchObject({ type: 'resume', after_seq: 3 });
  });

  it('fails as before when the server does not number its frames (nothing to resume)', async () => {
    const env = setUp();
    env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Build it', sessionId: 's-1', fileIds: [] }));
    await until(() => server.received.length === 1);
    await server.send({ type: 'start', session_id: 's-1' }, { type: 'chunk', content: 'Hi' });
    server.drop();
    await until(() => env.store.getState().chat.status === 'failed');
    expect(env.timers.pending).toEqual([]);
  });
});

describe('frames out of order', () => {
  it('drops duplicates', async () => {
    const env = setUp();
    await started(env);
    await server.send(text(3, 'wor'), text(2, 'Hello '), text(4, 'ld'), text(4, 'ld'), end(5));
    await until(() => env.store.getState().chat.status === 'idle');
    expect(replyText(env)).toBe('Hello world');
  });

  it('resumes after a gap instead of losing what is missing, then applies each frame once in order', async () => {
    const env = setUp();
    await started(env);
    // Frame 4 went missing: 5 is not applied; a new socket asks for what follows 3.
    await server.send(text(5, '!'));
    await until(() => server.received.length === 2);
    expect(server.received[1]).toEqual({ type: 'resume', run_id: RUN, after_seq: 3 });
    await server.send(text(4, 'ld'), text(5, '!'), end(6));
    await until(() => env.store.getState().chat.status === 'idle');
    expect(replyText(env)).toBe('Hello world!');
    expect(server.urls).toHaveLength(2);
  });
});

describe('Stop', () => {
  it('asks the server to stop the run over the socket and keeps the reply so far', async () => {
    const env = setUp();
    await started(env);
    env.store.dispatch(stopRequested());
    await until(() => server.received.length === 2);
    expect(server.received[1]).toEqual({ type: 'stop', run_id: RUN });
    expect(replyText(env)).toBe('Hello wor');
    expect(selectAllMessages(env.store.getState()).at(-1)?.interrupted).toBe('stopped');
  });

  it('stops over HTTP while the socket is down', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}');
    }) as unknown as typeof fetch;
    const env = setUp(fetchImpl);
    await started(env);
    server.drop();
    await until(() => env.timers.pending.length === 1);
    env.store.dispatch(stopRequested());
    expect(calls).toEqual([
      {
        url: `http://localhost/api/v1/runs/${RUN}/stop`,
        init: { method: 'POST', headers: { Authorization: 'Bearer test-token' } },
      },
    ]);
    expect(env.timers.pending).toEqual([]);
    expect(env.store.getState().chat.status).toBe('idle');
  });

  it('ends a followed run stopped elsewhere as stopped', async () => {
    const env = setUp();
    await started(env);
    await server.send(end(4, { stopped: true }));
    await until(() => env.store.getState().chat.status === 'idle');
    expect(selectAllMessages(env.store.getState()).at(-1)).toMatchObject({
      content: 'Hello wor',
      interrupted: 'stopped',
    });
  });
});

describe('a run found running in the history', () => {
  it('is followed from its first frame to its end, in place of the stored copy', async () => {
    const env = setUp();
    env.store.dispatch(
      runResumed({
        teamId: TEAM_ID,
        sessionId: 's-1',
        serverRunId: RUN,
        message: 'Build it',
        fileIds: [],
        startedAt: '2026-11-25T06:00:00.000Z',
      }),
    );
    await until(() => server.received.length === 1);
    expect(server.urls[0]).toContain('session_id=s-1');
    expect(server.received[0]).toEqual({ type: 'resume', run_id: RUN, after_seq: 0 });
    await server.send(frame(1, { type: 'start' }), text(2, 'Hello '), text(3, 'world'), end(4));
    await until(() => env.store.getState().chat.status === 'idle');
    expect(selectAllMessages(env.store.getState())).toEqual([
      expect.objectContaining({ sender: 'team', content: 'Hello world', timestamp: expect.any(String) }),
    ]);
  });
});
