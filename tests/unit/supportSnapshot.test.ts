import { makeStore } from '../../src/app/store';
import { api } from '../../src/services/api';
import { connectionChanged, sendRequested } from '../../src/services/socket/socketActions';
import { buildSnapshot, parseSnapshot } from '../../src/features/support/snapshot';
import { createSupportLog } from '../../src/features/support/supportLog';
import { alice } from '../utils/fixtures';
import { signedInState } from '../utils/renderWithProviders';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

function snapshotOf(state: unknown, maskMessages = false) {
  return buildSnapshot({
    appName: 'Agent Team Studio',
    appVersion: '1.2.3',
    route: '/teams/t1/chat?session=s1',
    state,
    recording: {
      format: 'agent-team-studio.stream-recording',
      version: 1,
      startedAt: '2026-11-25T10:00:00.000Z',
      initialState: null,
      entries: [{ kind: 'frame', t: 1, runId: 'r1', raw: '{"type":"chunk","content":"Hello there"}' }],
    } as never,
    connection: [],
    apiErrors: [],
    maskMessages,
    now: new Date('2026-11-25T10:00:01.000Z'),
  });
}

describe('the support snapshot', () => {
  it('holds the version, route, state, recording, browser and screen, and no token or credential value', async () => {
    const store = makeStore(signedInState(alice));
    await store.dispatch(
      api.util.upsertQueryData('getCredentials', undefined, [
        {
          id: 'c1',
          mcp_server_id: 'github',
          server_name: 'GitHub',
          configured_fields: { GITHUB_PERSONAL_ACCESS_TOKEN: 'github_pat_SECRET' },
        },
      ]),
    );
    const state = { ...store.getState(), extra: { access_token: JWT, note: `token ${JWT}`, api_key: 'sk-live-1' } };
    const snapshot = snapshotOf(state);
    const text = JSON.stringify(snapshot);
    for (const secret of [JWT, 'github_pat_SECRET', 'sk-live-1']) expect(text).not.toContain(secret);
    expect(snapshot).toMatchObject({
      format: 'agent-team-studio.support-snapshot',
      version: 1,
      app: { version: '1.2.3' },
      route: '/teams/t1/chat?session=s1',
      messagesMasked: false,
    });
    expect(snapshot.browser.userAgent).not.toBe('');
    expect(snapshot.recording?.entries).toHaveLength(1);
    expect(text).toContain('GitHub');
    expect(parseSnapshot(JSON.parse(text))).toMatchObject({ ok: true });
  });

  it('masks message texts when asked, in the chat state and in the recording', () => {
    const state = {
      chat: { messages: { ids: ['m1'], entities: { m1: { id: 'm1', content: 'My secret plan', sender: 'user' } } } },
    };
    const masked = JSON.stringify(snapshotOf(state, true));
    expect(masked).not.toContain('My secret plan');
    expect(masked).not.toContain('Hello there');
    expect(masked).toContain('[masked: 14 characters]');
    expect(JSON.stringify(snapshotOf(state, false))).toContain('My secret plan');
  });

  it('refuses a file that is not a snapshot', () => {
    expect(parseSnapshot({ format: 'agent-team-studio.stream-recording', version: 1 })).toMatchObject({ ok: false });
    expect(parseSnapshot('nope')).toMatchObject({ ok: false });
  });
});

describe('the support log', () => {
  it('keeps the socket history with close codes and resume points, and failed API calls, bounded', () => {
    const log = createSupportLog(() => new Date('2026-11-25T10:00:00.000Z'));
    const next = jest.fn((action: unknown) => action);
    const pass = log.middleware({ dispatch: jest.fn(), getState: jest.fn() })(next);
    pass(sendRequested({ message: 'hi', teamId: 't1', sessionId: null, fileIds: [] }));
    pass(connectionChanged({ runId: 'r1', state: 'waiting', attempt: 1, closeCode: 1006, retryAt: 'x' }));
    pass(connectionChanged({ runId: 'r1', state: 'reconnecting', attempt: 1, afterSeq: 42 }));
    pass({
      type: 'api/executeQuery/rejected',
      payload: { status: 500, data: { detail: 'Server exploded' } },
      error: { message: 'Rejected' },
      meta: { arg: { endpointName: 'getTeam' }, requestStatus: 'rejected', rejectedWithValue: true, requestId: 'x' },
    });
    expect(log.connection().map((e) => [e.type, e.state, e.closeCode, e.afterSeq])).toEqual([
      ['chat/sendRequested', undefined, undefined, undefined],
      ['chat/connectionChanged', 'waiting', 1006, undefined],
      ['chat/connectionChanged', 'reconnecting', undefined, 42],
    ]);
    expect(log.apiErrors()).toEqual([
      { at: '2026-11-25T10:00:00.000Z', endpoint: 'getTeam', status: 500, message: 'Server exploded' },
    ]);
    for (let i = 0; i < 300; i++) pass(connectionChanged({ runId: 'r1', state: 'reconnecting', attempt: i }));
    expect(log.connection()).toHaveLength(200);
    expect(next).toHaveBeenCalledTimes(304);
  });
});
