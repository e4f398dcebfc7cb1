// POST /api/v1/teams/{id}/chat: the same run over HTTP, as one finished reply or as newline-delimited JSON frames.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StreamFrame, TeamChatReply } from '../../../src/services/contract.ts';
import { requireUser } from '../auth/guard.ts';
import { HttpError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { RuntimeContext } from './context.ts';
import { publicOrigin, statusOfRunError } from './frames.ts';
import { prepareRun, runRequestSchema } from './prepare.ts';
import { executeRun } from './run.ts';
import { HEARTBEAT_MS } from './socket.ts';
import type { RunSlots } from './slots.ts';

const chatSchema = runRequestSchema.extend({ stream: z.boolean().default(false) });

export function registerChatRoute(app: FastifyInstance, ctx: RuntimeContext, slots: RunSlots): void {
  app.post<{ Params: { id: string } }>('/teams/:id/chat', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = parse(chatSchema, request.body);
    // Refusals (team, session, files, credits) are ordinary HTTP errors: nothing has started yet.
    const prepared = await prepareRun(ctx, {
      teamId: request.params.id,
      user,
      body,
      origin: publicOrigin(ctx.config, request),
    });
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });

    if (!body.stream) {
      let failure: StreamFrame | null = null;
      const outcome = await executeRun(
        ctx,
        prepared,
        (frame) => {
          if (frame.type === 'error') failure = frame;
        },
        controller.signal,
        request.log,
        slots,
      );
      const failed = failure as StreamFrame | null;
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
    const emit = (frame: StreamFrame) => {
      if (!reply.raw.destroyed) reply.raw.write(`${JSON.stringify(frame)}\n`);
    };
    try {
      emit({ type: 'start', session_id: prepared.sessionId });
      await executeRun(ctx, prepared, emit, controller.signal, request.log, slots);
    } finally {
      clearInterval(heartbeat);
      reply.raw.end();
    }
  });
}
