// Puts a session's stored messages into the chat: when pages of them arrive (the first, an earlier one, a refetch),
// and when a session opens whose messages are already cached (fetched before the chat opened it, even before the chat
// module was installed).
import type { ListenerEffectAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { AppDispatch, RootState } from '../../app/store';
import { api } from '../../services/api';
import { earlierHistoryLoaded, historyLoaded, sessionOpened } from './chatSlice';
import { storedHistory } from './historyPages';

type MessagesArgs = { sessionId: string | null; limit?: number };
type Store = Pick<ListenerEffectAPI<RootState, AppDispatch>, 'getState' | 'dispatch'>;

function showStoredMessages(args: MessagesArgs, { getState, dispatch }: Store): void {
  const state = getState();
  const { sessionId, liveSessionId } = state.chat;
  // Only the session the chat shows: another one's messages wait in the cache until it opens.
  if (!sessionId || args.sessionId !== sessionId) return;
  const pages = api.endpoints.getSessionMessages.select({ ...args, sessionId })(state).data?.pages;
  if (!pages) return;
  const messages = storedHistory(pages);
  dispatch(
    sessionId === liveSessionId
      ? earlierHistoryLoaded({ sessionId, messages })
      : historyLoaded({ sessionId, messages }),
  );
}

export function addHistoryListeners(startAppListening: AppStartListening): void {
  startAppListening({
    matcher: api.endpoints.getSessionMessages.matchFulfilled,
    effect: (action, listenerApi) => showStoredMessages(action.meta.arg.originalArgs, listenerApi),
  });
  startAppListening({
    actionCreator: sessionOpened,
    effect: (action, listenerApi) => showStoredMessages({ sessionId: action.payload.sessionId }, listenerApi),
  });
}
