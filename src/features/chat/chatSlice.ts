// The team chat's state: messages in an entity adapter, the reply being streamed, the session id and run errors.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredMessage } from '../../../contract/types';
import { initialChatState, messagesAdapter, type ChatState } from './chatState';
import { mergeHistory } from './historyMerge';
import { addStreamCases } from './streamReducers';

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    /** Another session (or a new chat, with null) is shown; its history loads next. */
    sessionOpened(state, action: PayloadAction<{ sessionId: string | null }>) {
      if (state.liveSessionId !== action.payload.sessionId) state.liveSessionId = null;
      if (state.status === 'streaming' || state.sessionId === action.payload.sessionId) return;
      messagesAdapter.removeAll(state.messages);
      state.sessionId = action.payload.sessionId;
      state.error = null;
      state.status = 'idle';
      state.failedUserMessageId = null;
      state.historyStart = null;
    },
    /** The stored messages of the current session arrived; what the server stored replaces the local copy. */
    historyLoaded(state, action: PayloadAction<{ sessionId: string; messages: StoredMessage[] }>) {
      if (state.status === 'streaming') return;
      if (state.sessionId !== null && state.sessionId !== action.payload.sessionId) return;
      state.sessionId = action.payload.sessionId;
      const merged = mergeHistory(action.payload.messages);
      messagesAdapter.setAll(state.messages, merged);
      state.historyStart = merged[0]?.timestamp ?? null;
    },
    /**
     * More of the history of a session watched live arrived (the user scrolled up). The live view keeps what only it
     * has, so only the stored messages from before the oldest stored one shown are added, at the top.
     */
    earlierHistoryLoaded(state, action: PayloadAction<{ sessionId: string; messages: StoredMessage[] }>) {
      const start = state.historyStart;
      if (state.sessionId !== action.payload.sessionId || !start) return;
      const earlier = mergeHistory(action.payload.messages).filter(
        (m) => m.timestamp < start && state.messages.entities[m.id] === undefined,
      );
      if (earlier.length === 0) return;
      for (const message of earlier) state.messages.entities[message.id] = message;
      state.messages.ids = [...earlier.map((m) => m.id), ...state.messages.ids];
      state.historyStart = earlier[0]!.timestamp;
    },
    /** A replay starts from the chat state its recording began with. */
    stateRestored(_state, action: PayloadAction<ChatState>) {
      return action.payload;
    },
    insufficientCreditsDialogClosed(state) {
      state.insufficientCreditsOpen = false;
    },
    errorDismissed(state) {
      state.error = null;
      if (state.status === 'failed') state.status = 'idle';
    },
  },
  extraReducers: addStreamCases,
});

export const {
  sessionOpened,
  historyLoaded,
  earlierHistoryLoaded,
  stateRestored,
  insufficientCreditsDialogClosed,
  errorDismissed,
} = chatSlice.actions;
export const chatReducer = chatSlice.reducer;
