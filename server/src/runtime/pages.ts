// Pages served outside /api/v1 by the runtime: the live view of a run (the "Agent's Computer" panel).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ToolCall } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { chatMessages } from '../db/schema.ts';
import { renderComputerPage } from './computerPage.ts';

const STALE_AFTER_MS = 10 * 60 * 1000;
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface RunSteps {
  steps: ToolCall[];
  /** Every step has finished and the answer has started: nothing more will appear. */
  done: boolean;
}

/** Read from the stored reply, so any server instance can show any run. */
async function loadSteps(ctx: AppContext, runId: string): Promise<RunSteps | null> {
  const [row] = await ctx.db
    .select({ toolCalls: chatMessages.toolCalls, content: chatMessages.content, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.runId, runId), eq(chatMessages.role, 'team_response')));
  if (!row) return null;
  const finished = row.content.length > 0 && row.toolCalls.every((t) => t.result != null);
  // A run cut off mid-step never finishes; stop refreshing its view after a while.
  const stale = ctx.now().getTime() - row.createdAt.getTime() > STALE_AFTER_MS;
  return { steps: row.toolCalls, done: finished || stale };
}

export async function runtimePages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The run id is an unguessable UUID handed only to the run's owner: the link itself is the permission.
  app.get<{ Params: { runId: string } }>('/computer/:runId/vnc.html', async (request, reply) => {
    const runId = request.params.runId.toLowerCase();
    const run = RUN_ID.test(runId) ? await loadSteps(ctx, runId) : null;
    reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
      )
      .type('text/html; charset=utf-8');
    if (!run) return reply.status(404).send(renderComputerPage(null));
    return reply.send(renderComputerPage(run));
  });
}
