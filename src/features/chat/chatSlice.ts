// The team chat's state: messages in an entity adapter, the reply being streamed, the session id and run errors.
import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredMessage } from '../../services/contract';
import {
  memberResponses,
  runCompleted,
  sendRequested,
  streamFailed,
  streamStarted,
  streamStopped,
  textDelta,
  toolCompleted,
  toolStarted,
  toolsReported,
} from '../../services/socket/socketActions';
import type { ChatError, ChatMessage, LiveRun, StreamEvent } from './chatTypes';
import { mapStreamError } from './errorMapping';
import { mergeHistory } from './historyMerge';
import {
  finalText,
  followUpMessage,
  hasReply,
  mergeMemberResponses,
  replyMessage,
  reportsCompletion,
  upsertTool,
} from './liveRun';

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
}

export const initialChatState: ChatState = {
  messages: messagesAdapter.getInitialState(),
  sessionId: null,
  status: 'idle',
  run: null,
  error: null,
  insufficientCreditsOpen: false,
  failedUserMessageId: null,
};

/** The live run the action belongs to; frames of an older run are ignored. */
function liveRun(state: ChatState, runId: string): LiveRun | null {
  return state.run && state.run.runId === runId ? state.run : null;
}

function addEvent(run: LiveRun, type: StreamEvent['type'], data: unknown, timestamp: string): void {
  run.events.push({ type, data, timestamp });
}

function endRun(state: ChatState, status: ChatState['status']): void {
  state.run = null;
  state.status = status;
}

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
  extraReducers: (builder) => {
    builder
      .addCase(sendRequested, (state, { payload }) => {
        if (state.status === 'streaming') return;
        const retrying = payload.retry === true && state.failedUserMessageId !== null;
        if (!retrying) {
          messagesAdapter.addOne(state.messages, {
            id: `user-${payload.runId}`,
            content: payload.message,
            sender: 'user',
            timestamp: payload.sentAt,
            ...(payload.fileIds.length > 0 ? { fileIds: payload.fileIds } : {}),
          });
        }
        state.sessionId = payload.sessionId ?? state.sessionId;
        state.status = 'streaming';
        state.error = null;
        state.failedUserMessageId = null;
        state.run = {
          runId: payload.runId,
          teamId: payload.teamId,
          homeTeam: payload.homeTeam === true,
          message: payload.message,
          fileIds: payload.fileIds,
          startedAt: payload.sentAt,
          text: '',
          tools: [],
          completedToolIds: [],
          memberResponses: [],
          events: [],
        };
      })
      .addCase(streamStarted, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (!run) return;
        if (payload.sessionId) state.sessionId = payload.sessionId;
        if (!run.events.some((e) => e.type === 'RunStarted')) addEvent(run, 'RunStarted', { session_id: payload.sessionId }, payload.at);
      })
      .addCase(textDelta, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (run) run.text += payload.text;
      })
      .addCase(toolStarted, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (!run) return;
        upsertTool(run, payload.tool, false);
        addEvent(run, 'ToolCallStarted', payload.tool, payload.at);
      })
      .addCase(toolCompleted, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (!run) return;
        upsertTool(run, payload.tool, true);
        addEvent(run, 'ToolCallCompleted', payload.tool, payload.at);
      })
      .addCase(toolsReported, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (!run) return;
        const changed = payload.tools.map((tool) => upsertTool(run, tool, reportsCompletion(tool)));
        if (changed.includes(true)) addEvent(run, 'ToolsArray', payload.tools, payload.at);
      })
      .addCase(memberResponses, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (!run) return;
        if (mergeMemberResponses(run.memberResponses, payload.memberResponses)) {
          addEvent(run, 'MemberResponse', payload.memberResponses, payload.at);
        }
      })
      .addCase(runCompleted, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (!run) return;
        run.text = finalText(run.text, payload.finalContent);
        if (hasReply(run)) messagesAdapter.addOne(state.messages, replyMessage(run, payload.at));
        const followUp = followUpMessage(run, payload.teamId, payload.at);
        if (followUp) messagesAdapter.addOne(state.messages, followUp);
        if (payload.sessionId) state.sessionId = payload.sessionId;
        endRun(state, 'idle');
      })
      .addCase(streamFailed, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (!run) return;
        if (hasReply(run)) messagesAdapter.addOne(state.messages, replyMessage(run, payload.at, { interrupted: 'failed' }));
        if (payload.sessionId) state.sessionId = payload.sessionId;
        const mapped = mapStreamError(payload.error);
        if (mapped.kind === 'insufficientCredits') {
          state.insufficientCreditsOpen = true;
          endRun(state, 'idle');
          return;
        }
        messagesAdapter.addOne(state.messages, {
          id: `error-${run.runId}`,
          content: mapped.text,
          sender: 'team',
          timestamp: payload.at,
          isError: true,
        });
        state.error = {
          message: mapped.text,
          source: payload.error.source,
          retry: {
            teamId: run.teamId,
            message: run.message,
            fileIds: run.fileIds,
            sessionId: state.sessionId,
            homeTeam: run.homeTeam,
          },
        };
        state.failedUserMessageId = `user-${run.runId}`;
        endRun(state, 'failed');
      })
      .addCase(streamStopped, (state, { payload }) => {
        const run = liveRun(state, payload.runId);
        if (!run) return;
        if (hasReply(run)) messagesAdapter.addOne(state.messages, replyMessage(run, payload.at, { interrupted: 'stopped' }));
        endRun(state, 'idle');
      });
  },
});

export const { sessionOpened, historyLoaded, stateRestored, insufficientCreditsDialogClosed, errorDismissed } =
  chatSlice.actions;
export const chatReducer = chatSlice.reducer;
