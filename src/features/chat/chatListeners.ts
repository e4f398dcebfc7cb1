// Side effects of a chat run's end: refresh the session, its stored messages, the session lists and the balance.
import { isAnyOf, type TypedStartListening, type UnknownAction } from '@reduxjs/toolkit';
import { isReplayed, runCompleted, streamFailed, streamStopped } from '../../services/socket/socketActions';
import type { TagType } from '../../services/tags';
import type { ChatRootState } from './chatSelectors';

export type ChatTag = {
  type: Extract<TagType, 'Session' | 'SessionMessages' | 'SessionList' | 'Credits'>;
  id?: string;
};

export interface ChatListenerDeps {
  /** `api.util.invalidateTags`, passed in so the chat never builds its own copy of the API. */
  invalidateTags: (tags: ChatTag[]) => UnknownAction;
}

export type ChatStartListening = TypedStartListening<ChatRootState>;

const isRunEnd = isAnyOf(runCompleted, streamFailed, streamStopped);

export function addChatListeners(startListening: ChatStartListening, deps: ChatListenerDeps): void {
  startListening({
    matcher: isRunEnd,
    effect: (action, api) => {
      const run = api.getOriginalState().chat.run;
      // Only the end of the live run the chat was showing: a stale or replayed run changed nothing on the server.
      if (!isRunEnd(action) || isReplayed(action) || !run || run.runId !== action.payload.runId) return;
      const sessionId = api.getState().chat.sessionId;
      const tags: ChatTag[] = [
        { type: 'Credits' },
        { type: 'SessionList', id: run.teamId },
        { type: 'SessionList', id: 'ALL' },
      ];
      if (sessionId) tags.push({ type: 'Session', id: sessionId }, { type: 'SessionMessages', id: sessionId });
      api.dispatch(deps.invalidateTags(tags));
    },
  });
}
