// Puts a session's stored messages into the chat: when pages of them arrive (the first, an earlier one, a refetch),
// and when a session opens whose messages are already cached (fetched before the chat opened it, even before the chat
// module was installed).
import type { ListenerEffectAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { AppDispatch, RootState } from '../../app/store';
import { api } from '../../services/api';
import { earlierHistoryLoaded, historyLoaded, sessionOpened } from './chatSlice';
import type { StoredMessage } from '../../../contract/types';
import { runResumed, type ResumeRequest } from '../../services/socket/socketActions';
import { parseCreatedAt } from './historyMerge';
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
  if (sessionId === liveSessionId) return void dispatch(earlierHistoryLoaded({ sessionId, messages }));
  // A reply the server is still writing (the page was reloaded mid-run, or the session is open in another tab) is
  // followed live from its first frame instead of shown as it was stored a moment ago.
  const running = state.chat.status === 'streaming' ? null : runningReply(messages, pages[0]?.session?.team_id);
  dispatch(historyLoaded({ sessionId, messages: running ? messages.filter((m) => m !== running.reply) : messages }));
  if (running) dispatch(runResumed({ ...running.request, sessionId }));
}

/** The last stored message when it is a team reply still running, with what it answers. */
function runningReply(
  messages: StoredMessage[],
  teamId: string | null | undefined,
): { reply: StoredMessage; request: Omit<ResumeRequest, 'sessionId'> } | null {
  const reply = messages.findLast((m) => m.role === 'team_response');
  if (!reply || reply.run_status !== 'running' || !reply.run_id || !teamId) return null;
  const asked = messages.slice(0, messages.indexOf(reply)).findLast((m) => m.role === 'user');
  return {
    reply,
    request: {
      teamId,
      serverRunId: reply.run_id,
      message: asked?.content ?? '',
      fileIds: asked?.file_ids ?? [],
      startedAt: new Date(parseCreatedAt(reply.created_at) ?? Date.now()).toISOString(),
    },
  };
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
