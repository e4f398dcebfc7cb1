// Reads of the chat state; derived lists are memoised with createSelector so components get stable references.
import { createSelector } from '@reduxjs/toolkit';
import type { ToolCall } from '../../services/contract';
import { messagesAdapter, type ChatState } from './chatState';
import type { ChatMessage } from './chatTypes';
import { messageTimeLabels } from './timeFormat';
import { toolRunStatus, type ToolRunStatus } from './toolStatus';
import { latestVncUrl } from './vncUrl';

export interface ChatRootState {
  chat: ChatState;
}

export interface ToolRun {
  tool: ToolCall;
  status: ToolRunStatus;
}

const EMPTY_TOOL_RUNS: ToolRun[] = [];

export const selectChat = (state: ChatRootState) => state.chat;

const messageSelectors = messagesAdapter.getSelectors((state: ChatRootState) => state.chat.messages);
export const selectMessageIds = messageSelectors.selectIds;
export const selectMessageById = messageSelectors.selectById;
export const selectAllMessages = messageSelectors.selectAll;
export const selectMessageCount = messageSelectors.selectTotal;

export const selectSessionId = (state: ChatRootState) => state.chat.sessionId;
export const selectStreamStatus = (state: ChatRootState) => state.chat.status;
export const selectIsStreaming = (state: ChatRootState) => state.chat.status === 'streaming';
export const selectLiveRun = (state: ChatRootState) => state.chat.run;
export const selectLiveText = (state: ChatRootState) => state.chat.run?.text ?? '';
export const selectChatError = (state: ChatRootState) => state.chat.error;
export const selectRetry = (state: ChatRootState) => state.chat.error?.retry ?? null;
export const selectInsufficientCreditsOpen = (state: ChatRootState) => state.chat.insufficientCreditsOpen;

/** "Thinking..." shows while a reply streams and no text has arrived yet. */
export const selectIsThinking = (state: ChatRootState) =>
  state.chat.status === 'streaming' && (state.chat.run?.text ?? '') === '';

export const selectLiveToolRuns = createSelector([selectLiveRun], (run): ToolRun[] => {
  if (!run || run.tools.length === 0) return EMPTY_TOOL_RUNS;
  const completed = new Set(run.completedToolIds);
  return run.tools.map((tool) => ({ tool, status: toolRunStatus(tool, completed.has(tool.tool_call_id)) }));
});

export const selectLiveMemberResponses = createSelector([selectLiveRun], (run) => run?.memberResponses ?? []);

/** A stored or finished message's tools with their timeline status. */
export function messageToolRuns(message: ChatMessage): ToolRun[] {
  const tools = message.tools ?? [];
  if (tools.length === 0) return EMPTY_TOOL_RUNS;
  const completed = new Set(message.completedTools ?? []);
  return tools.map((tool) => ({ tool, status: toolRunStatus(tool, completed.has(tool.tool_call_id)) }));
}

/** Every tool of the conversation (replies, their members, then the live run) in order. */
const selectAllTools = createSelector([selectAllMessages, selectLiveRun], (messages, run): ToolCall[] => {
  const tools: ToolCall[] = [];
  const add = (list: readonly ToolCall[] | undefined) => list?.forEach((tool) => tools.push(tool));
  for (const message of messages) {
    add(message.tools);
    message.memberResponses?.forEach((member) => add(member.tools));
  }
  add(run?.tools);
  run?.memberResponses.forEach((member) => add(member.tools));
  return tools;
});

/** The Agent's Computer address found in the conversation's tool output, newest first. */
export const selectVncUrl = createSelector([selectAllTools], (tools) => latestVncUrl(tools));

/**
 * Timestamp labels keyed by message id. `now` is passed in (rounded by the caller, e.g. per minute) so the
 * labels stay memoised between renders.
 */
export const selectMessageTimeLabels = createSelector(
  [selectAllMessages, (_state: ChatRootState, now: number) => now],
  (messages, now): Record<string, string> => {
    const labels = messageTimeLabels(
      messages.map((m) => m.timestamp),
      now,
    );
    return Object.fromEntries(messages.map((m, i) => [m.id, labels[i] ?? '']));
  },
);
