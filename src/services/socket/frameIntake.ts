// Turns one run's raw socket messages into typed stream actions: parse, skip malformed frames, batch the rest.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { DeltaBatcher } from './deltaBatcher';
import { assertNever, parseFrame, type ChunkFrame, type EndFrame, type RejectionKind } from './protocol';
import {
  memberResponses,
  workflowBuilt,
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
}

export interface FrameIntake {
  receive(raw: unknown): void;
  /** The latest session id the run has heard of, for the failure the connection reports. */
  readonly sessionId: string | null;
}

export function createFrameIntake(options: FrameIntakeOptions): FrameIntake {
  const { runId, batcher, dispatch } = options;
  let sessionId = options.sessionId;
  let teamId: string | null = null;

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
    const final = frame.type === 'end' || frame.done || frame.event === 'RunCompleted';
    if (!final) {
      if (frame.content !== '') batcher.text(frame.content);
      return;
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
  };
}
