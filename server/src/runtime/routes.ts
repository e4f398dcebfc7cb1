// /api/v1 routes of the runtime domain: the chat socket, the HTTP chat, and a run's frames and Stop over HTTP.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guard.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { safeText } from '../../../contract/text.ts';
import { parse } from '../http/validate.ts';
import { registerChatRoute } from './chat.ts';
import type { RuntimeContext } from './context.ts';
import { RunForbiddenError, RunHub, RunNotFoundError } from './hub.ts';
import { recoverInterruptedRuns } from './recovery.ts';
import { RunSlots } from './slots.ts';
import { registerRunSocket } from './socket.ts';

/** Runs doing their work at once on one server; more wait for a slot after their start frame. */
const ACTIVE_RUNS_PER_SERVER = 8;

const runParams = z.object({ id: safeText().min(1).max(100) });
const framesQuery = z.object({
  after_seq: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(500),
});

async function asHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RunNotFoundError) throw notFound('Run');
    if (error instanceof RunForbiddenError) throw forbidden();
    throw error;
  }
}

export async function runtimeRoutes(app: FastifyInstance, ctx: RuntimeContext): Promise<void> {
  const slots = new RunSlots(ACTIVE_RUNS_PER_SERVER);
  const hub = new RunHub(ctx);
  await hub.start();
  // Leases: runs of an instance that stopped renewing them are recovered within a third of the lease after it ran
  // out; stored frames of runs finished long ago go.
  const sweep = setInterval(
    () => {
      recoverInterruptedRuns(ctx).catch((error: unknown) => app.log.error({ err: error }, 'run recovery failed'));
      hub.sweep().catch((error: unknown) => app.log.error({ err: error }, 'run frame cleanup failed'));
    },
    Math.floor((ctx.config.RUN_LEASE_SECONDS * 1000) / 3),
  );
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await hub.shutdown();
  });
  registerRunSocket(app, ctx, slots, hub);
  registerChatRoute(app, ctx, slots, hub);

  app.get('/runs/:id/frames', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(runParams, request.params);
    const query = parse(framesQuery, request.query);
    const frames = await asHttp(() => hub.framesAfter(id, user.id, query.after_seq, query.limit));
    if (ctx.onFrame) frames.forEach(ctx.onFrame);
    return { data: { run_id: id, frames } };
  });

  app.post('/runs/:id/stop', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(runParams, request.params);
    const status = await asHttp(() => hub.stop(id, user.id));
    return { data: { run_id: id, status } };
  });
}
