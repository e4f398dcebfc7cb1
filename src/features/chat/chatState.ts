// The chat state's shape and its small shared helpers, used by the slice and by the stream reducers.
import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { ChatError, ChatMessage, LiveRun, StreamEvent } from './chatTypes';

export const messagesAdapter = createEntityAdapter<ChatMessage>();

export interface ChatState {
  messages: EntityState<ChatMessage, string>;
  sessionId: string | null;
  status: 'idle' | 'streaming' | 'failed';
  run: LiveRun | null;
  /** The last run's failure (not insufficient credits, which opens the dialog instead). */
  error: ChatError | null;
  insufficientCreditsOpen: boolean;
  /** A user message waiting for its retry after a failure, so a retry does not add it twice. */
  failedUserMessageId: string | null;
  /** When the oldest stored message shown was sent (server clock), or null when none came from the history. */
  historyStart: string | null;
  /**
   * The session whose run finished here while the user watched: its stored copy would drop what only the live view
   * has (events, the follow-up card, interrupted replies), so until another session opens it only gains earlier pages.
   */
  liveSessionId: string | null;
}

export const initialChatState: ChatState = {
  messages: messagesAdapter.getInitialState(),
  sessionId: null,
  status: 'idle',
  run: null,
  error: null,
  insufficientCreditsOpen: false,
  failedUserMessageId: null,
  historyStart: null,
  liveSessionId: null,
};

/** The live run the action belongs to; frames of an older run are ignored. */
export function liveRun(state: ChatState, runId: string): LiveRun | null {
  return state.run && state.run.runId === runId ? state.run : null;
}

export function addEvent(run: LiveRun, type: StreamEvent['type'], data: unknown, timestamp: string): void {
  run.events.push({ type, data, timestamp });
}

export function endRun(state: ChatState, status: ChatState['status']): void {
  state.run = null;
  state.status = status;
}
