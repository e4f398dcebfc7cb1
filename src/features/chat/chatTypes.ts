// The chat's client-side shapes (SPEC §3 "Chat message (client)" and "Stream event"): plain JSON, ISO dates.
import type { MemberResponse, ReplyFile, ReplyWorkflow, ToolCall } from '../../../contract/types';

export type StreamEventType =
  | 'RunStarted'
  | 'ToolCallStarted'
  | 'ToolCallCompleted'
  | 'ToolsArray'
  | 'ToolCall'
  | 'RunResponse'
  | 'MemberResponse'
  | 'RunCompleted';

export interface StreamEvent {
  type: StreamEventType;
  data: unknown;
  timestamp: string;
}

export interface ChatMessage {
  id: string;
  content: string;
  sender: 'user' | 'team';
  /** ISO date. */
  timestamp: string;
  fileIds?: string[];
  tools?: ToolCall[];
  memberResponses?: MemberResponse[];
  /** tool_call_ids still running when the reply ended. */
  activeTools?: string[];
  /** tool_call_ids that reported completion. */
  completedTools?: string[];
  events?: StreamEvent[];
  /** The reply was cut short; the server's stored copy shows on the next load of the session. */
  interrupted?: 'failed' | 'stopped';
  /** An error sentence shown as a team message (SPEC §8). */
  isError?: boolean;
  /** The workflow the reply built, as data (docs/PROTOCOL.md); absent from servers that send none. */
  workflow?: ReplyWorkflow;
  /** Files the team saved in the run, attached to the reply (docs/PROTOCOL.md). */
  files?: ReplyFile[];
}

/** The reply being streamed: buffers that become a team message when the run ends. */
export interface LiveRun {
  runId: string;
  teamId: string;
  homeTeam: boolean;
  /** What the user sent, for a retry. */
  message: string;
  fileIds: string[];
  startedAt: string;
  text: string;
  tools: ToolCall[];
  completedToolIds: string[];
  memberResponses: MemberResponse[];
  events: StreamEvent[];
  /** The workflow the run built, once its frame arrived. */
  workflow?: ReplyWorkflow;
  /** The files the team saved, from the run's end frame. */
  files?: ReplyFile[];
  /** Set while the run's socket is down: waiting until `retryAt` for the next try, or reconnecting now. */
  connection?: { state: 'waiting' | 'reconnecting'; retryAt?: string };
}

/** Enough to send the failed message again. */
export interface RetryInfo {
  teamId: string;
  message: string;
  fileIds: string[];
  sessionId: string | null;
  homeTeam: boolean;
}

export interface ChatError {
  /** The sentence to show. */
  message: string;
  source: 'frame' | 'connection';
  retry: RetryInfo;
}

export const FOLLOW_UP_PREFIX = 'followup::';

/** A session's stored messages from before the ones shown: whether there are any, and how to load the next page. */
export interface EarlierHistory {
  available: boolean;
  loading: boolean;
  /** The last page asked for failed; it is asked for again when the user scrolls. */
  failed: boolean;
  load(): void;
}
