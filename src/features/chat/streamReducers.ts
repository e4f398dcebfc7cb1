// How a run's stream actions change the chat: reducers merge (append text, complete tools, attach members, end the run).
import type { ActionReducerMapBuilder } from '@reduxjs/toolkit';
import {
  connectionChanged,
  memberResponses,
  runResumed,
  runCompleted,
  sendRequested,
  streamFailed,
  streamStarted,
  streamStopped,
  textDelta,
  toolCompleted,
  toolStarted,
  toolsReported,
  workflowBuilt,
  filesSaved,
} from '../../services/socket/socketActions';
import { addEvent, endRun, liveRun, messagesAdapter, type ChatState } from './chatState';
import type { LiveRun } from './chatTypes';
import { mapStreamError } from './errorMapping';
import {
  finalText,
  followUpMessage,
  hasReply,
  mergeMemberResponses,
  replyMessage,
  reportsCompletion,
  upsertTool,
} from './liveRun';

type RunStart = Pick<LiveRun, 'runId' | 'teamId' | 'homeTeam' | 'message' | 'fileIds' | 'startedAt'>;

/** The chat streams a new live run (sent from here, or followed from the history) with nothing received yet. */
function startRun(state: ChatState, sessionId: string | null, run: RunStart): void {
  state.sessionId = sessionId;
  state.status = 'streaming';
  state.error = null;
  state.failedUserMessageId = null;
  state.run = { ...run, text: '', tools: [], completedToolIds: [], memberResponses: [], events: [] };
}

export function addStreamCases(builder: ActionReducerMapBuilder<ChatState>): void {
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
      startRun(state, payload.sessionId ?? state.sessionId, {
        runId: payload.runId,
        teamId: payload.teamId,
        homeTeam: payload.homeTeam === true,
        message: payload.message,
        fileIds: payload.fileIds,
        startedAt: payload.sentAt,
      });
    })
    .addCase(runResumed, (state, { payload }) => {
      // A reply still being written when the session loaded: followed live from its first frame, in its place.
      if (state.status === 'streaming') return;
      startRun(state, payload.sessionId, {
        runId: payload.runId,
        teamId: payload.teamId,
        homeTeam: false,
        message: payload.message,
        fileIds: payload.fileIds,
        startedAt: payload.startedAt,
      });
    })
    .addCase(connectionChanged, (state, { payload }) => {
      const run = liveRun(state, payload.runId);
      if (!run) return;
      if (payload.state === 'connected') delete run.connection;
      else run.connection = { state: payload.state, ...(payload.retryAt ? { retryAt: payload.retryAt } : {}) };
    })
    .addCase(streamStarted, (state, { payload }) => {
      const run = liveRun(state, payload.runId);
      if (!run) return;
      if (payload.sessionId) state.sessionId = payload.sessionId;
      if (!run.events.some((e) => e.type === 'RunStarted'))
        addEvent(run, 'RunStarted', { session_id: payload.sessionId }, payload.at);
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
    .addCase(workflowBuilt, (state, { payload }) => {
      const run = liveRun(state, payload.runId);
      if (run) run.workflow = payload.workflow;
    })
    .addCase(filesSaved, (state, { payload }) => {
      const run = liveRun(state, payload.runId);
      if (run) run.files = payload.files;
    })
    .addCase(runCompleted, (state, { payload }) => {
      const run = liveRun(state, payload.runId);
      if (!run) return;
      run.text = finalText(run.text, payload.finalContent);
      if (hasReply(run)) messagesAdapter.addOne(state.messages, replyMessage(run, payload.at));
      const followUp = followUpMessage(run, payload.teamId, payload.at);
      if (followUp) messagesAdapter.addOne(state.messages, followUp);
      if (payload.sessionId) state.sessionId = payload.sessionId;
      state.liveSessionId = state.sessionId;
      endRun(state, 'idle');
    })
    .addCase(streamFailed, (state, { payload }) => {
      const run = liveRun(state, payload.runId);
      if (!run) return;
      if (hasReply(run))
        messagesAdapter.addOne(state.messages, replyMessage(run, payload.at, { interrupted: 'failed' }));
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
      if (hasReply(run))
        messagesAdapter.addOne(state.messages, replyMessage(run, payload.at, { interrupted: 'stopped' }));
      endRun(state, 'idle');
    });
}
