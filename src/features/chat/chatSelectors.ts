// Reads of the chat state; derived lists are memoised with createSelector so components get stable references.
import { createSelector } from '@reduxjs/toolkit';
import type { MemberResponse, ToolCall } from '../../../contract/types';
import { messagesAdapter, type ChatState } from './chatState';
import type { ChatMessage } from './chatTypes';
import { closeNeighbours } from './timeNeighbours';
import { toolRunStatus, type ToolRunStatus } from './toolStatus';
import { liveReplyMessage, replyMessageId } from './liveRun';
import { latestVncUrl } from '../computer/vncUrl';

export interface ChatRootState {
  chat: ChatState;
}

export interface ToolRun {
  tool: ToolCall;
  status: ToolRunStatus;
}

const EMPTY_TOOL_RUNS: ToolRun[] = [];

const messageSelectors = messagesAdapter.getSelectors((state: ChatRootState) => state.chat.messages);
export const selectMessageIds = messageSelectors.selectIds;
const selectMessageById = messageSelectors.selectById;
export const selectAllMessages = messageSelectors.selectAll;
export const selectMessageCount = messageSelectors.selectTotal;

export const selectSessionId = (state: ChatRootState) => state.chat.sessionId;
export const selectIsStreaming = (state: ChatRootState) => state.chat.status === 'streaming';
const selectLiveRun = (state: ChatRootState) => state.chat.run;
export const selectLiveText = (state: ChatRootState) => state.chat.run?.text ?? '';
export const selectChatError = (state: ChatRootState) => state.chat.error;
/** The live run's socket while it is down (waiting to retry, or reconnecting); null while frames flow. */
export const selectRunConnection = (state: ChatRootState) => state.chat.run?.connection ?? null;
export const selectInsufficientCreditsOpen = (state: ChatRootState) => state.chat.insufficientCreditsOpen;

/** "Thinking..." shows while a reply streams and no text has arrived yet. */
export const selectIsThinking = (state: ChatRootState) =>
  state.chat.status === 'streaming' && (state.chat.run?.text ?? '') === '';

const EMPTY_IDS: string[] = [];
const EMPTY_TOOLS: ToolCall[] = [];
const EMPTY_MEMBERS: MemberResponse[] = [];
// Text deltas replace `run` but not these arrays, so the selectors below stay put while text streams in.
const selectLiveTools = (state: ChatRootState) => state.chat.run?.tools ?? EMPTY_TOOLS;
const selectLiveCompletedIds = (state: ChatRootState) => state.chat.run?.completedToolIds ?? EMPTY_IDS;
const selectLiveMemberResponses = (state: ChatRootState) => state.chat.run?.memberResponses ?? EMPTY_MEMBERS;

export const selectLiveToolRuns = createSelector([selectLiveTools, selectLiveCompletedIds], toolRuns);

/** A message's tools with their timeline status. */
export function toolRuns(
  tools: readonly ToolCall[] | undefined,
  completedIds: readonly string[] | undefined,
): ToolRun[] {
  if (!tools || tools.length === 0) return EMPTY_TOOL_RUNS;
  const completed = new Set(completedIds ?? []);
  return tools.map((tool) => ({ tool, status: toolRunStatus(tool, completed.has(tool.tool_call_id)) }));
}

/** The list row of the reply being streamed: the id of the message it becomes when the run ends. */
export const selectLiveReplyId = (state: ChatRootState) =>
  state.chat.run ? replyMessageId(state.chat.run.runId) : null;

const selectLiveReply = createSelector([selectLiveRun], (run) => (run ? liveReplyMessage(run) : null));

/** A row's message: the stored one, else the live reply when the row is its. */
export const selectRowMessage = (state: ChatRootState, id: string): ChatMessage | undefined => {
  const stored = selectMessageById(state, id);
  if (stored) return stored;
  const live = selectLiveReply(state);
  return live?.id === id ? live : undefined;
};

function toolsOf(tools: readonly ToolCall[] | undefined, members: readonly MemberResponse[] | undefined): ToolCall[] {
  return [...(tools ?? []), ...(members ?? []).flatMap((member) => member.tools ?? [])];
}

const selectMessagesVncUrl = createSelector([selectAllMessages], (messages) => {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    const found = message ? latestVncUrl(toolsOf(message.tools, message.memberResponses)) : null;
    if (found) return found;
  }
  return null;
});

const selectLiveVncUrl = createSelector([selectLiveTools, selectLiveMemberResponses], (tools, members) =>
  latestVncUrl(toolsOf(tools, members)),
);

/** The Agent's Computer address found in the conversation's tool output, newest first (the live reply first). */
export const selectVncUrl = createSelector([selectLiveVncUrl, selectMessagesVncUrl], (live, stored) => live ?? stored);

export const selectMessageEntities = messageSelectors.selectEntities;

/** The ids of messages with another message within 5 minutes (their times show seconds, SPEC §2). */
export const selectCloseTimeIds = createSelector([selectAllMessages], (messages): ReadonlySet<string> => {
  const close = closeNeighbours(messages.map((m) => Date.parse(m.timestamp)));
  return new Set(messages.filter((_, i) => close[i]).map((m) => m.id));
});
