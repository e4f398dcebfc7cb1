import { adminModeToggled } from '../../src/features/auth/authSlice';
import { makeStore } from '../../src/app/store';
import type { DevToolsExtension } from '../../src/app/devtoolsConnection';
import { api } from '../../src/services/api';
import { textDelta } from '../../src/services/socket/socketActions';
import { adminUser, alice } from '../utils/fixtures';
import { signedInState } from '../utils/renderWithProviders';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

interface Sent {
  action: { type: string; [key: string]: unknown };
  state: unknown;
}

/** A stand-in for the Redux DevTools extension's connect API that keeps what the app sends it. */
function fakeExtension() {
  const connections: Array<{
    options: Record<string, unknown>;
    init: unknown;
    sent: Sent[];
    listener: ((message: unknown) => void) | null;
  }> = [];
  const extension: DevToolsExtension = {
    connect(options) {
      const connection = { options, init: undefined as unknown, sent: [] as Sent[], listener: null as never };
      connections.push(connection);
      return {
        init: (state) => (connection.init = state),
        send: (action, state) => connection.sent.push({ action: action as Sent['action'], state }),
        subscribe: (listener) => {
          connection.listener = listener as never;
          return () => (connection.listener = null as never);
        },
      };
    },
  };
  return { extension, connections };
}

function storeWith(extension: DevToolsExtension, user = alice) {
  (window as unknown as { __REDUX_DEVTOOLS_EXTENSION__?: DevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__ = extension;
  return makeStore(signedInState(user));
}

afterEach(() => {
  delete (window as unknown as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__;
  jest.useRealTimers();
});

describe('DevTools in production builds', () => {
  it('connects log-only: no jump, import or dispatch, and what the extension sends back changes nothing', () => {
    const { extension, connections } = fakeExtension();
    const store = storeWith(extension);
    const [connection] = connections;
    expect(connection!.options.features).toMatchObject({ jump: false, import: false, dispatch: false, export: true });
    expect(connection!.options.maxAge).toBe(200);
    const before = store.getState();
    connection!.listener!({ type: 'ACTION', payload: JSON.stringify(adminModeToggled()) });
    connection!.listener!({ type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId: 0 } });
    connection!.listener!({
      type: 'DISPATCH',
      payload: { type: 'IMPORT_STATE', nextLiftedState: { computedStates: [{ state: { auth: {} } }] } },
    });
    expect(store.getState()).toBe(before);
  });

  it('never sends a token or a credential value, in actions or in state', async () => {
    const { extension, connections } = fakeExtension();
    const store = storeWith(extension);
    store.dispatch({ type: 'auth/signedIn', payload: { access_token: JWT, token_type: 'bearer' } });
    await store.dispatch(
      api.util.upsertQueryData('getCredentials', undefined, [
        { id: 'c1', mcp_server_id: 'github', server_name: 'GitHub', configured_fields: { GITHUB_TOKEN: 'ghp_secret' } },
      ]),
    );
    store.dispatch({ type: 'chat/note', payload: { text: `Bearer ${JWT} in a message` } });
    const seen = JSON.stringify(connections[0]);
    expect(seen).not.toContain(JWT);
    expect(seen).not.toContain('ghp_secret');
    expect(seen).toContain('[redacted]');
    expect(seen).toContain('GitHub');
  });

  it('collapses a burst of stream deltas into one entry, and keeps other actions as they come', () => {
    jest.useFakeTimers();
    const { extension, connections } = fakeExtension();
    const store = storeWith(extension);
    store.dispatch({ type: 'test/first' }); // the API middleware announces itself on the first action
    const sent = connections[0]!.sent;
    const before = sent.length;
    for (let i = 0; i < 500; i++) store.dispatch(textDelta({ runId: 'r1', text: 'x' }));
    expect(sent).toHaveLength(before);
    jest.advanceTimersByTime(300);
    store.dispatch({ type: 'layout/themeChosen', payload: 'dark' });
    const types = sent.slice(before).map((s) => s.action.type);
    expect(types).toEqual(['stream: 500 per-frame actions (collapsed)', 'layout/themeChosen']);
    expect(sent[before]!.action.counts).toEqual({ 'chat/textDelta': 500 });
  });

  it('in admin mode reconnects with jump, import and dispatch, and a jump restores the real state', () => {
    const { extension, connections } = fakeExtension();
    const store = storeWith(extension, adminUser);
    store.dispatch(adminModeToggled());
    expect(connections).toHaveLength(2);
    const admin = connections[1]!;
    expect(admin.options.features).toMatchObject({ jump: true, dispatch: true });
    const atStart = store.getState().layout;
    store.dispatch({ type: 'layout/sidebarToggled' });
    expect(store.getState().layout).not.toEqual(atStart);
    admin.listener!({ type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId: 0 } });
    expect(store.getState().layout).toEqual(atStart);
    admin.listener!({ type: 'ACTION', payload: JSON.stringify({ type: 'layout/sidebarToggled' }) });
    expect(store.getState().layout).not.toEqual(atStart);
  });

  it('runs nothing per action when no extension is installed', () => {
    const store = makeStore(signedInState(alice));
    expect(() => store.dispatch(textDelta({ runId: 'r1', text: 'x' }))).not.toThrow();
  });
});
