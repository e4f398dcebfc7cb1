// Runs a prepared (paid and stored) chat run: drives the engine and turns its events into SPEC §3 frames.
import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { type ChunkFrame, type ErrorFrame, frames, type WireFrame } from '../../../contract/frames.ts';
import type { AppContext } from '../context.ts';
import { findTeam } from '../teams/service.ts';
import type { RuntimeContext } from './context.ts';
import { selectEngine } from './engine.ts';
import { loadRunFiles } from './files.ts';
import type { AbortReason } from './hub.ts';
import type { PreparedRun } from './prepare.ts';
import { ReplyRecorder } from './recorder.ts';
import { refundUnproducedRun } from './refund.ts';
import { runServices } from './services.ts';
import type { RunSlots } from './slots.ts';
import { OutOfCreditsError, ProviderError, RequestRefusedError, type RunEvent, type RunFile } from './types.ts';

/** Listeners one run's abort signal may carry at once: its concurrent tool calls and waits. */
const RUN_SIGNAL_LISTENERS = 100;

export type FrameSink = (frame: WireFrame) => void;

/** A workflow larger than this travels only in the reply's text (the json block), not as data. */
const MAX_WORKFLOW_CHARS = 1_000_000;

/** The result of a tool call cut short, by why its run was. */
const CUT_TOOL_CALL: Record<AbortReason, string> = {
  stopped: 'Stopped: the run was stopped before this tool call finished.',
  shutdown: 'Interrupted: the server stopped before this tool call finished.',
  too_large: 'Ended: the run grew too large before this tool call finished.',
};

function frameOf(event: RunEvent, recorder: ReplyRecorder, sessionId: string): ChunkFrame | null {
  switch (event.kind) {
    case 'text':
      return frames.chunk({ content: event.delta, session_id: sessionId });
    case 'tool_started':
      return frames.tool({
        event: 'ToolCallStarted',
        active_tool: event.call,
        tools: [...recorder.tools],
        session_id: sessionId,
      });
    case 'tool_completed':
      return frames.tool({
        event: 'ToolCallCompleted',
        active_tool: event.call,
        tools: [...recorder.tools],
        session_id: sessionId,
      });
    case 'member_response':
      return frames.chunk({ member_responses: [...recorder.members], session_id: sessionId });
    case 'workflow':
      return recorder.built ? frames.chunk({ workflow: recorder.built, session_id: sessionId }) : null;
  }
}

function record(event: RunEvent, recorder: ReplyRecorder): void {
  if (event.kind === 'text') recorder.text(event.delta);
  else if (event.kind === 'member_response') recorder.member(event.response, event.task);
  else if (event.kind === 'tool_started' || event.kind === 'tool_completed') recorder.tool(event.call);
  else if (JSON.stringify(event.workflow).length <= MAX_WORKFLOW_CHARS)
    recorder.workflow({ workflow: event.workflow, url: event.url }, event.spec);
}

/** Home-team mode: a reply that names an existing team id carries it, so the client can show the next-step card. */
async function namedTeamId(ctx: AppContext, content: string): Promise<string | null> {
  const candidates = [...new Set(content.match(/\b[0-9a-f]{24}\b/g) ?? [])].slice(-3).reverse();
  for (const id of candidates) if (await findTeam(ctx, id)) return id;
  return null;
}

export interface RunOutcome {
  sessionId: string;
  content: string;
  recorder: ReplyRecorder;
  teamId: string | null;
}

/**
 * Emits the run's chunks, then end or error; the caller has sent start and stored the run's messages. Aborting
 * the signal (the client left) stops the engine; what was produced stays stored. Never throws for run failures:
 * they become error frames.
 */
export async function executeRun(
  ctx: RuntimeContext,
  run: PreparedRun,
  emit: FrameSink,
  signal: AbortSignal,
  log: FastifyBaseLogger,
  slots: RunSlots,
): Promise<RunOutcome> {
  const sessionId = run.sessionId;
  const recorder = new ReplyRecorder(ctx, run.replyId);
  const outcome: RunOutcome = { sessionId, content: '', recorder, teamId: null };

  const engine = selectEngine(ctx.config);
  const services = runServices(ctx, {
    userId: run.user.id,
    runId: run.runId,
    origin: run.origin,
    sessionId,
    email: run.user.email,
  });
  let failure: ErrorFrame | null = null;
  let release: (() => void) | null = null;
  // The run's files: its attachments, and what the team saves in it (save_file adds to this list).
  let files: RunFile[] = [];
  // One run's tool calls share its signal, many at once (node definitions are read in parallel): not a leak.
  setMaxListeners(RUN_SIGNAL_LISTENERS, signal);
  try {
    if (engine.localWork) release = await slots.acquire(signal);
    files = await loadRunFiles(ctx, run.files);
    const input = {
      runId: run.runId,
      team: run.team,
      userId: run.user.id,
      message: run.message,
      files,
      history: run.history,
      earlierRequests: run.earlierRequests,
      lastReply: run.lastReply,
      previous: run.previous,
    };
    for await (const event of engine.run(input, { services, signal, streamDelayMs: ctx.config.STREAM_DELAY_MS })) {
      record(event, recorder);
      const frame = frameOf(event, recorder, sessionId);
      if (frame) emit(frame);
    }
  } catch (error) {
    if (error instanceof OutOfCreditsError) {
      failure = frames.error('insufficient_credits', error.message);
    } else if (error instanceof RequestRefusedError) {
      failure = frames.error(error.code, error.message);
    } else if (error instanceof ProviderError) {
      log.warn({ runId: run.runId, code: error.code }, 'model provider failed');
      failure = frames.error(error.code, error.message);
    } else if (!signal.aborted) {
      log.error({ err: error, runId: run.runId }, 'team run failed');
      const text = 'The team run failed unexpectedly. Please try again.';
      failure = frames.error('run_failed', text);
    }
  } finally {
    release?.();
    // The run's browser closes with it; its last screen stays for the owner to see.
    await ctx.computer
      .closeRun(run.runId)
      .catch((error: unknown) => log.warn({ err: error }, 'closing the browser failed'));
  }
  for (const f of files.filter((file) => file.saved))
    recorder.file({ file_id: f.id, original_filename: f.name, size: f.size, content_type: f.contentType });
  // Why the run was cut short, if it was: the user's Stop, the server shutting down, or the run growing too large.
  const reason: AbortReason | null = signal.aborted
    ? signal.reason === 'shutdown' || signal.reason === 'too_large'
      ? signal.reason
      : 'stopped'
    : null;
  if (reason === 'too_large') {
    const text = `The run grew past ${ctx.config.MAX_RUN_FRAMES} frames and was ended; what it produced is kept.`;
    failure = frames.error('run_too_large', text);
  } else if (reason === 'shutdown') {
    const text = 'The team run was interrupted because the server stopped. Please send your message again.';
    failure = frames.error('run_interrupted', text);
  }
  // Tool calls in flight when the run was cut (their requests were cancelled with the signal) end with an error.
  if (reason) {
    const note = CUT_TOOL_CALL[reason];
    for (const call of recorder.tools.filter((c) => c.result === null || c.result === undefined)) {
      const event: RunEvent = { kind: 'tool_completed', call: { ...call, result: note, tool_call_error: true } };
      record(event, recorder);
      emit(frameOf(event, recorder, sessionId)!);
    }
  }
  const status = reason === 'shutdown' ? 'interrupted' : failure ? 'failed' : reason ? 'stopped' : 'completed';
  try {
    await recorder.finish(sessionId, run.teamContext, status);
    if (failure && !recorder.produced) await refundUnproducedRun(ctx, run, log);
  } catch (error) {
    log.error({ err: error, runId: run.runId }, 'storing the team reply failed');
    const text = 'The team reply could not be saved. Please try again.';
    failure ??= frames.error('run_failed', text);
  }
  outcome.content = recorder.content;
  if (failure) {
    emit({ ...failure, session_id: sessionId });
    return outcome;
  }
  outcome.teamId = await namedTeamId(ctx, recorder.content);
  emit(
    frames.end({
      session_id: sessionId,
      tools: [...recorder.tools],
      member_responses: [...recorder.members],
      ...(outcome.teamId ? { team_id: outcome.teamId } : {}),
      ...(recorder.built ? { workflow: recorder.built } : {}),
      ...(reason === 'stopped' ? { stopped: true as const } : {}),
      ...(recorder.files.length ? { files: [...recorder.files] } : {}),
    }),
  );
  return outcome;
}
