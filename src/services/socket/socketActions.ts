// Typed actions of a team-chat run: the intents the socket middleware obeys and the stream events it reports.
import { createAction, nanoid } from '@reduxjs/toolkit';
import type { MemberResponse, ReplyFile, ReplyWorkflow, ToolCall } from '../../../contract/types';

export interface SendRequest {
  teamId: string;
  message: string;
  /** The current session, else the newest one, else null for a new session. */
  sessionId: string | null;
  fileIds: string[];
  /** The home-team variant: a team id in the reply appends the follow-up card. */
  homeTeam?: boolean;
  /** Resending after a failure: the user's message is already in the list. */
  retry?: boolean;
}

/** The raw error fields of a failed run, kept as JSON so the reducer maps them (SPEC §8) and replays agree. */
export interface StreamErrorFields {
  source: 'frame' | 'connection';
  /** A `type: "error"` frame; otherwise a bare `error` field (or the connection itself). */
  structured?: boolean;
  error?: unknown;
  error_code?: string | null;
  message?: string | null;
  detail?: unknown;
}

interface RunRef {
  runId: string;
}

function stamped<P extends RunRef>(payload: P) {
  return { payload: { ...payload, at: new Date().toISOString() } };
}

export const sendRequested = createAction('chat/sendRequested', (request: SendRequest) => ({
  payload: { ...request, runId: nanoid(), sentAt: new Date().toISOString() },
}));
/**
 * The user's Stop: the server stops the run. `leave` only stops following it here (another session opened): the run
 * goes on on the server and shows when its session opens again.
 */
export const stopRequested = createAction('chat/stopRequested', (options: { leave?: boolean } = {}) => ({
  payload: options,
}));

/** A reply the server is still writing (found running in a session's history, after a reload or in a second tab). */
export interface ResumeRequest {
  teamId: string;
  sessionId: string;
  /** The server's id of the run (its frames' run_id). */
  serverRunId: string;
  /** The user's message the run answers, and its files, for a retry. */
  message: string;
  fileIds: string[];
  /** When the reply started (its stored created_at). */
  startedAt: string;
}
/** Follow a running reply from its first frame to its end, as if it had been sent from here. */
export const runResumed = createAction('chat/runResumed', (request: ResumeRequest) => ({
  payload: { ...request, runId: nanoid() },
}));

/**
 * The socket of a live run: `waiting` after it dropped, until `retryAt`; `reconnecting` while a new one opens and
 * resumes after the last frame applied; `connected` once frames flow again.
 */
export type ConnectionState = 'waiting' | 'reconnecting' | 'connected';
export const connectionChanged = createAction(
  'chat/connectionChanged',
  (
    p: RunRef & {
      state: ConnectionState;
      retryAt?: string;
      attempt?: number;
      /** Why the socket went: its close code (1006 when the network dropped it). */
      closeCode?: number;
      /** A reconnect resumes the server's run after this frame. */
      afterSeq?: number;
    },
  ) => stamped(p),
);

export const streamStarted = createAction('chat/streamStarted', (p: RunRef & { sessionId: string | null }) =>
  stamped(p),
);
/** Coalesced text: every delta that arrived within one animation frame, in order. */
export const textDelta = createAction<RunRef & { text: string }>('chat/textDelta');
export const toolStarted = createAction('chat/toolStarted', (p: RunRef & { tool: ToolCall }) => stamped(p));
export const toolCompleted = createAction('chat/toolCompleted', (p: RunRef & { tool: ToolCall }) => stamped(p));
/** A frame listed tools without a start/complete event (SPEC §3 "ToolsArray"). */
export const toolsReported = createAction('chat/toolsReported', (p: RunRef & { tools: ToolCall[] }) => stamped(p));
export const memberResponses = createAction(
  'chat/memberResponses',
  (p: RunRef & { memberResponses: MemberResponse[] }) => stamped(p),
);
/** The run built a workflow (its JSON and, when created in the user's n8n, the link). */
export const workflowBuilt = createAction('chat/workflowBuilt', (p: RunRef & { workflow: ReplyWorkflow }) =>
  stamped(p),
);
/** The run's end listed the files the team saved (attached to the reply). */
export const filesSaved = createAction('chat/filesSaved', (p: RunRef & { files: ReplyFile[] }) => stamped(p));
export const runCompleted = createAction(
  'chat/runCompleted',
  (p: RunRef & { sessionId: string | null; teamId: string | null; finalContent: string }) => stamped(p),
);
export const streamFailed = createAction(
  'chat/streamFailed',
  (p: RunRef & { error: StreamErrorFields; sessionId: string | null }) => stamped(p),
);
export type StopReason = 'stopped' | 'left' | 'signedOut';
export const streamStopped = createAction('chat/streamStopped', (p: RunRef & { reason: StopReason }) => stamped(p));

export type SendRequestedAction = ReturnType<typeof sendRequested>;
export type RunResumedAction = ReturnType<typeof runResumed>;
/** Everything a run dispatches, for the recorder and DevTools. */
export const streamActionTypes: readonly string[] = [
  sendRequested.type,
  stopRequested.type,
  runResumed.type,
  connectionChanged.type,
  streamStarted.type,
  textDelta.type,
  toolStarted.type,
  toolCompleted.type,
  toolsReported.type,
  memberResponses.type,
  workflowBuilt.type,
  filesSaved.type,
  runCompleted.type,
  streamFailed.type,
  streamStopped.type,
];

/** Many per second while a reply streams: DevTools should hide them (actionsDenylist). */
export const highFrequencyStreamActionTypes: readonly string[] = [textDelta.type];

/** One per frame of a run (text, tool events, member replies): the production DevTools log collapses them. */
export const perFrameStreamActionTypes: readonly string[] = [
  textDelta.type,
  toolStarted.type,
  toolCompleted.type,
  toolsReported.type,
  memberResponses.type,
];

/** Actions replayed from a recording carry `meta.replayed`; they never open sockets or trigger side effects. */
export function isReplayed(action: unknown): boolean {
  const meta = (action as { meta?: { replayed?: unknown } } | null)?.meta;
  return typeof meta === 'object' && meta !== null && meta.replayed === true;
}
