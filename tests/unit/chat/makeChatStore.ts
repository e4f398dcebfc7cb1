// A fresh store per test: the real chat reducer, socket middleware, recorder and chat listeners. The middleware opens
// the global WebSocket, which msw intercepts (useMswServer and tests/utils/socketServer).
import { configureStore, createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { addChatListeners, type ChatTag } from '../../../src/features/chat/chatListeners';
import { chatReducer } from '../../../src/features/chat/chatSlice';
import { createRecorderMiddleware, createStreamRecorder } from '../../../src/features/replay/recorder';
import type { FrameScheduler } from '../../../src/services/socket/frameScheduler';
import { createSocketMiddleware, type SocketMiddlewareOptions } from '../../../src/services/socket/socketMiddleware';

export const TEAM_ID = 'team-1';
export const TOKEN = 'test-token';
export const SOCKET_URL = `ws://localhost/api/v1/teams/${TEAM_ID}/ws`;
export const SIGNED_OUT = 'auth/signedOut';

/** Flushes coalesced text only when the test says an animation frame has passed. */
export function manualScheduler() {
  let next = 1;
  const pending = new Map<number, () => void>();
  const scheduler: FrameScheduler & { frame(): void; pending(): number } = {
    request(callback) {
      const handle = next++;
      pending.set(handle, callback);
      return handle;
    },
    cancel(handle) {
      pending.delete(handle as number);
    },
    frame() {
      const callbacks = [...pending.values()];
      pending.clear();
      callbacks.forEach((cb) => cb());
    },
    pending: () => pending.size,
  };
  return scheduler;
}

export function makeChatStore(options: Partial<SocketMiddlewareOptions> = {}) {
  const scheduler = manualScheduler();
  const invalidated: ChatTag[][] = [];
  const warnings: string[] = [];
  const listener = createListenerMiddleware();
  const recorder = createStreamRecorder();
  const socketMiddleware = createSocketMiddleware({
    onFrame: (runId, raw) => recorder.recordFrame(runId, raw),
    apiBaseUrl: 'http://localhost/api/v1',
    getToken: () => TOKEN,
    scheduler,
    signOutActionTypes: [SIGNED_OUT],
    logger: { warn: (message: string) => warnings.push(message) },
    ...options,
  });
  const store = configureStore({
    reducer: { chat: chatReducer },
    middleware: (getDefault) =>
      getDefault()
        .prepend(listener.middleware)
        .concat(
          socketMiddleware,
          createRecorderMiddleware(recorder, (root) => (root as { chat: unknown }).chat),
        ),
  });
  addChatListeners(listener.startListening.withTypes<ReturnType<typeof store.getState>, typeof store.dispatch>(), {
    invalidateTags: (tags): UnknownAction => {
      invalidated.push(tags);
      return { type: 'api/invalidateTags', payload: tags };
    },
  });
  return { store, scheduler, recorder, listener, invalidated, warnings };
}

/** Waits for the socket's asynchronous connect and delivery. */
export async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
