// A run that failed before producing anything (no text, tool call or member response) is not charged.
import type { FastifyBaseLogger } from 'fastify';
import type { RuntimeContext } from './context.ts';
import type { PreparedRun } from './prepare.ts';

export async function refundUnproducedRun(
  ctx: RuntimeContext,
  run: PreparedRun,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await ctx.accounts.refund({
      userId: run.user.id,
      reference: run.runId,
      description: `Refund: the team run failed before it produced anything`,
    });
  } catch (error) {
    // The run's own outcome matters more to the client; a missed refund is in the log for support.
    log.error({ err: error, runId: run.runId }, 'refunding a failed run failed');
  }
}
