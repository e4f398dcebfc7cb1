// The team chat's state: messages in an entity adapter, the reply being streamed, the session id and run errors.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredMessage } from '../../services/contract';
import { initialChatState, messagesAdapter, type ChatState } from './chatState';
import { mergeHistory } from './historyMerge';
import { addStreamCases } from './streamReducers';

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    /** Another session (or a new chat, with null) is shown; its history loads next. */
    sessionOpened(state, action: PayloadAction<{ sessionId: string | null }>) {
      if (state.status === 'streaming' || state.sessionId === action.payload.sessionId) return;
      messagesAdapter.removeAll(state.messages);
      state.sessionId = action.payload.sessionId;
      state.error = null;
      state.status = 'idle';
      state.failedUserMessageId = null;
    },
    /** The stored messages of the current session arrived; what the server stored replaces the local copy. */
    historyLoaded(state, action: PayloadAction<{ sessionId: string; messages: StoredMessage[] }>) {
      if (state.status === 'streaming') return;
      if (state.sessionId !== null && state.sessionId !== action.payload.sessionId) return;
      state.sessionId = action.payload.sessionId;
      messagesAdapter.setAll(state.messages, mergeHistory(action.payload.messages));
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

export const { sessionOpened, historyLoaded, stateRestored, insufficientCreditsDialogClosed, errorDismissed } =
  chatSlice.actions;
export const chatReducer = chatSlice.reducer;
