// Turns one run's raw socket messages into typed stream actions: parse, skip malformed frames, batch the rest.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { DeltaBatcher } from './deltaBatcher';
import {
  assertNever,
  parseFrame,
  type ChunkFrame,
  type EndFrame,
  type FramePosition,
  type RejectionKind,
} from '../../../contract/parseFrame';
import {
  memberResponses,
  workflowBuilt,
  filesSaved,
  runCompleted,
  streamStarted,
  toolCompleted,
  toolStarted,
  toolsReported,
  type StreamErrorFields,
} from './socketActions';

/** A rejected frame's explanation is cut here so one huge bad frame cannot flood the console. */
const MAX_DETAIL = 300;

export type MalformedFrameReporter = (kind: RejectionKind, detail: string) => void;

/** Warns once per kind of malformed frame, for as long as the reporter lives (every run of one middleware). */
export function reportMalformedFramesOnce(logger: Pick<Console, 'warn'>): MalformedFrameReporter {
  const reported = new Set<RejectionKind>();
  return (kind, detail) => {
    if (reported.has(kind)) return;
    reported.add(kind);
    logger.warn(`Team chat: skipped a malformed stream frame (${kind}): ${detail.slice(0, MAX_DETAIL)}`);
  };
}

export interface FrameIntakeOptions {
  runId: string;
  /** The session the run was sent to; frames that name one replace it. */
  sessionId: string | null;
  batcher: DeltaBatcher;
  dispatch: (action: UnknownAction) => void;
  reportMalformed: MalformedFrameReporter;
  /** The run's last frame arrived: the connection ends (flushing the batch) before `runCompleted` is dispatched. */
  end(): void;
  /** An error frame: the connection ends and reports the run failed. */
  fail(error: StreamErrorFields): void;
  /** The server's id of the run when it is already known (following a run found running in the history). */
  serverRunId?: string;
  /** A numbered frame came ahead of the next one: it was not applied; the connection resumes after `lastSeq`. */
  gap?(): void;
  /** An end frame of a run stopped elsewhere (another tab, the HTTP Stop): the connection ends and reports it. */
  stopped?(): void;
}

export interface FrameIntake {
  receive(raw: unknown): void;
  /** The latest session id the run has heard of, for the failure the connection reports. */
  readonly sessionId: string | null;
  /** The server's id of the run, once a numbered frame named it. */
  readonly serverRunId: string | null;
  /** The seq of the last frame applied (0 before any): a resume asks for the frames after it. */
  readonly lastSeq: number;
}

export function createFrameIntake(options: FrameIntakeOptions): FrameIntake {
  const { runId, batcher, dispatch } = options;
  let sessionId = options.sessionId;
  let teamId: string | null = null;
  let serverRunId: string | null = options.serverRunId ?? null;
  let lastSeq = 0;

  /**
   * Numbered frames apply once and in order: one seen already is dropped, one ahead of the next is dropped too and
   * the connection asks for the frames after the last applied. Unnumbered frames (other servers) always apply.
   */
  function inOrder(position: FramePosition | null): boolean {
    if (!position) return true;
    if (serverRunId !== null && position.run_id !== serverRunId) return false;
    if (position.seq <= lastSeq) return false;
    if (position.seq > lastSeq + 1) {
      options.gap?.();
      return false;
    }
    serverRunId = position.run_id;
    lastSeq = position.seq;
    return true;
  }

  function adoptIds(frame: { session_id: string | null; team_id: string | null }): void {
    if (frame.session_id) sessionId = frame.session_id;
    if (frame.team_id) teamId = frame.team_id;
  }

  function onPayload(frame: ChunkFrame | EndFrame): void {
    adoptIds(frame);
    let activeId: string | null = null;
    switch (frame.event) {
      case 'ToolCallStarted':
      case 'ToolCallCompleted': {
        activeId = frame.active_tool.tool_call_id;
        const event = frame.event === 'ToolCallStarted' ? toolStarted : toolCompleted;
        batcher.event(event({ runId, tool: frame.active_tool }));
        break;
      }
      case 'RunCompleted':
      case null:
        break;
      default:
        assertNever(frame);
    }
    const others = frame.tools.filter((tool) => tool.tool_call_id !== activeId);
    if (others.length > 0) batcher.event(toolsReported({ runId, tools: others }));
    if (frame.member_responses.length > 0) {
      batcher.event(memberResponses({ runId, memberResponses: frame.member_responses }));
    }
    if (frame.workflow) batcher.event(workflowBuilt({ runId, workflow: frame.workflow }));
    if (frame.files) batcher.event(filesSaved({ runId, files: frame.files }));
    const final = frame.type === 'end' || frame.done || frame.event === 'RunCompleted';
    if (!final) {
      if (frame.content !== '') batcher.text(frame.content);
      return;
    }
    if (frame.stopped && options.stopped) {
      if (frame.content !== '') batcher.text(frame.content);
      return options.stopped();
    }
    options.end();
    dispatch(runCompleted({ runId, sessionId, teamId, finalContent: frame.content }));
  }

  function receive(raw: unknown): void {
    const parsed = parseFrame(raw);
    if (!parsed.ok) {
      options.reportMalformed(parsed.kind, parsed.detail);
      return;
    }
    const frame = parsed.frame;
    if (!inOrder(frame.run)) return;
    switch (frame.type) {
      case 'start':
        batcher.flush();
        adoptIds(frame);
        dispatch(streamStarted({ runId, sessionId: frame.session_id }));
        return;
      case 'error':
        if (frame.session_id) sessionId = frame.session_id;
        options.fail({
          source: 'frame',
          structured: frame.structured,
          error: frame.error,
          error_code: frame.error_code,
          message: frame.message,
          detail: frame.detail,
        });
        return;
      case 'chunk':
      case 'end':
        onPayload(frame);
        return;
      default:
        assertNever(frame);
    }
  }

  return {
    receive,
    get sessionId() {
      return sessionId;
    },
    get serverRunId() {
      return serverRunId;
    },
    get lastSeq() {
      return lastSeq;
    },
  };
}
