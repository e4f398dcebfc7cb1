// Redux DevTools in production builds, for support staff: a middleware that talks to the extension through its
// `connect` API. It sends each action with the state after it, both sanitized (no token, credential value or long
// payload), keeps the history bounded, and collapses the stream's high-frequency actions into one entry per
// window, so a long stream stays usable and cheap. Log-only unless admin mode is on: the extension's jump, import
// and dispatch are switched off, and what it sends back is ignored; in admin mode they work (jumping restores the
// real state kept here, not the sanitized copy the extension holds).
import { createAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { actionSanitizer, collapsedActionTypes, stateSanitizer } from './devtools';

/** Entries the extension keeps (and this side keeps real states for). */
const DEVTOOLS_MAX_AGE = 200;
/** High-frequency actions within this window become one entry. */
const COLLAPSE_WINDOW_MS = 250;

/** Replaces the whole state: only the DevTools connection dispatches it, and only in admin mode. */
export const devToolsStateRestored = createAction<unknown>('devtools/stateRestored');

interface ExtensionMessage {
  type: string;
  payload?: { type?: string; actionId?: number; nextLiftedState?: { computedStates?: Array<{ state: unknown }> } };
  state?: string;
}

interface Connection {
  init(state: unknown): void;
  send(action: unknown, state: unknown): void;
  subscribe(listener: (message: ExtensionMessage) => void): (() => void) | void;
  unsubscribe?(): void;
}

export interface DevToolsExtension {
  connect(options: Record<string, unknown>): Connection;
}

type Features = Record<string, boolean | string>;

const LOG_ONLY: Features = {
  pause: true,
  export: true,
  persist: false,
  lock: false,
  jump: false,
  skip: false,
  reorder: false,
  import: false,
  dispatch: false,
  test: false,
};
const ADMIN: Features = { ...LOG_ONLY, jump: true, import: 'custom', dispatch: true };

const collapsible = new Set(collapsedActionTypes);

function extensionOf(): DevToolsExtension | undefined {
  return typeof window === 'undefined'
    ? undefined
    : (window as unknown as { __REDUX_DEVTOOLS_EXTENSION__?: DevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__;
}

/**
 * The middleware, or null when no extension is installed (nothing then runs per action). `isAdmin` reads admin
 * mode from the state; a change reconnects with the other feature set.
 */
export function productionDevTools<S>(
  isAdmin: (state: S) => boolean,
  extension: DevToolsExtension | undefined = extensionOf(),
): Middleware<object, S> | null {
  if (!extension) return null;
  const ext = extension;
  return (store) => {
    let admin = isAdmin(store.getState());
    /** Real states after each entry sent (by the extension's action id), so an admin's jump restores the real one. */
    const kept = new Map<number, S>();
    let nextId = 0;
    let collapsed: Record<string, number> = {};
    let collapsedCount = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let connection: Connection;
    let stopListening: (() => void) | void;

    const keep = (state: S) => {
      kept.set(nextId, state);
      kept.delete(nextId - DEVTOOLS_MAX_AGE - 1);
      nextId += 1;
    };

    const onMessage = (message: ExtensionMessage) => {
      // Log-only: nothing the extension asks for changes the app.
      if (!admin) return;
      if (message.type === 'ACTION' && typeof message.payload === 'string') {
        try {
          store.dispatch(JSON.parse(message.payload) as UnknownAction);
        } catch {
          /* not an action */
        }
      } else if (message.type === 'DISPATCH' && message.payload?.type === 'JUMP_TO_ACTION') {
        // The extension numbers entries from 0 (the initial state) on each connection.
        const state = kept.get(message.payload.actionId ?? -1);
        if (state !== undefined) store.dispatch(devToolsStateRestored(state));
      } else if (message.type === 'DISPATCH' && message.payload?.type === 'IMPORT_STATE') {
        const last = message.payload.nextLiftedState?.computedStates?.at(-1)?.state;
        if (last !== undefined) store.dispatch(devToolsStateRestored(last));
      }
    };

    const connect = () => {
      connection = ext.connect({
        name: 'Agent Team Studio',
        maxAge: DEVTOOLS_MAX_AGE,
        features: admin ? ADMIN : LOG_ONLY,
        actionSanitizer,
        stateSanitizer,
      });
      stopListening = connection.subscribe(onMessage);
      kept.clear();
      nextId = 0;
      const state = store.getState();
      keep(state);
      connection.init(stateSanitizer(state));
    };

    const flushCollapsed = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (collapsedCount === 0) return;
      const summary = {
        type: `stream: ${collapsedCount} per-frame action${collapsedCount === 1 ? '' : 's'} (collapsed)`,
        counts: collapsed,
      };
      collapsed = {};
      collapsedCount = 0;
      const state = store.getState();
      keep(state);
      connection.send(summary, stateSanitizer(state));
    };

    connect();
    return (next) => (action) => {
      const result = next(action);
      const type = (action as { type?: unknown }).type;
      if (typeof type !== 'string') return result;
      if (collapsible.has(type)) {
        collapsed[type] = (collapsed[type] ?? 0) + 1;
        collapsedCount += 1;
        timer ??= setTimeout(flushCollapsed, COLLAPSE_WINDOW_MS);
        return result;
      }
      flushCollapsed();
      const state = store.getState();
      keep(state);
      connection.send(actionSanitizer(action as UnknownAction), stateSanitizer(state));
      const nowAdmin = isAdmin(state);
      if (nowAdmin !== admin) {
        admin = nowAdmin;
        if (typeof stopListening === 'function') stopListening();
        else connection.unsubscribe?.();
        connect();
      }
      return result;
    };
  };
}
