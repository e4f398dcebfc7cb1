// POST /api/v1/teams/{id}/chat: the same run over HTTP, as one finished reply or as newline-delimited JSON frames.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type ErrorFrame, frames } from '../../../contract/frames.ts';
import type { TeamChatReply } from '../../../contract/types.ts';
import { requireUser } from '../auth/guard.ts';
import { HttpError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { RuntimeContext } from './context.ts';
import { publicOrigin, statusOfRunError } from './frames.ts';
import { tooManyRuns, type RunHub } from './hub.ts';
import { chatRequestSchema } from '../../../contract/bodies.ts';
import { prepareRun } from './prepare.ts';
import { executeRun } from './run.ts';
import { HEARTBEAT_MS } from './socket.ts';
import type { RunSlots } from './slots.ts';

export function registerChatRoute(app: FastifyInstance, ctx: RuntimeContext, slots: RunSlots, hub: RunHub): void {
  app.post<{ Params: { id: string } }>('/teams/:id/chat', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = parse(chatRequestSchema, request.body);
    if ((await hub.runningCount(user.id)) >= ctx.config.MAX_RUNS_PER_USER)
      throw new HttpError(429, {
        code: 'too_many_runs',
        message: tooManyRuns(ctx.config.MAX_RUNS_PER_USER),
      });
    const runId = randomUUID();
    // Refusals (team, session, files, credits) are ordinary HTTP errors: nothing has started yet.
    const prepared = await prepareRun(ctx, {
      teamId: request.params.id,
      user,
      body,
      runId,
      origin: publicOrigin(ctx.config, request),
    });
    // The run goes on if the client leaves; its frames stay readable (GET /runs/{id}/frames, or a socket resume).
    const controller = new AbortController();
    const emit = hub.open(runId, user.id, controller);

    if (!body.stream) {
      emit(frames.start({ session_id: prepared.sessionId }));
      let failure: ErrorFrame | null = null;
      const outcome = await executeRun(
        ctx,
        prepared,
        (frame) => {
          emit(frame);
          if (frame.type === 'error') failure = frame;
        },
        controller.signal,
        request.log,
        slots,
      );
      const failed = failure as ErrorFrame | null;
      if (failed) {
        throw new HttpError(statusOfRunError(failed.error_code), {
          code: failed.error_code ?? 'run_failed',
          message: failed.message ?? 'The team run failed.',
          session_id: outcome.sessionId,
        });
      }
      const data: TeamChatReply = {
        session_id: outcome.sessionId,
        content: outcome.content,
        member_responses: outcome.recorder.members,
        tools: outcome.recorder.tools,
        team_id: outcome.teamId,
        ...(outcome.recorder.built ? { workflow: outcome.recorder.built } : {}),
        ...(outcome.recorder.files.length ? { files: [...outcome.recorder.files] } : {}),
      };
      return { data };
    }

    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    // A blank line now and then keeps idle proxies from cutting a long run; readers skip blank lines.
    const heartbeat = setInterval(() => reply.raw.write('\n'), HEARTBEAT_MS);
    const follower = await hub.follow(runId, user.id, 0, (frame) => {
      if (reply.raw.destroyed) return;
      ctx.onFrame?.(frame);
      reply.raw.write(`${JSON.stringify(frame)}\n`);
    });
    reply.raw.on('close', () => follower.close());
    try {
      emit(frames.start({ session_id: prepared.sessionId }));
      await executeRun(ctx, prepared, emit, controller.signal, request.log, slots);
      await follower.done;
    } finally {
      clearInterval(heartbeat);
      reply.raw.end();
    }
  });
}
