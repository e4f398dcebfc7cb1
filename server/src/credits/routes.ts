// /api/v1 routes of the credits domain: balance, status and the transaction history.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CreditStatus } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/guard.ts';
import { parse } from '../http/validate.ts';
import { getBalance, listTransactions } from './ledger.ts';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});

/** What balance reads need from the subscriptions payments sells; app.ts wires the real ones (wiring.ts). */
export interface Subscriptions {
  /** Renews or ends the user's subscriptions whose period is over, so a read sees the current cycle. */
  settle(userId: string): Promise<void>;
  isActive(userId: string): Promise<boolean>;
}

export async function creditsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  subscriptions: Subscriptions,
): Promise<void> {
  app.get('/credits/balance', async (request) => {
    const user = await requireUser(ctx, request);
    // Renewals happen lazily: a balance read at or after the period end sees the new cycle.
    await subscriptions.settle(user.id);
    return getBalance(ctx.db, user.id);
  });

  app.get('/credits/status', async (request): Promise<CreditStatus> => {
    const user = await requireUser(ctx, request);
    await subscriptions.settle(user.id);
    const balance = await getBalance(ctx.db, user.id);
    const subscribed = await subscriptions.isActive(user.id);
    return {
      ...balance,
      purchased_credits: balance.available_credits - balance.subscription_credits,
      is_subscribed: subscribed,
      has_credits: balance.available_credits > 0,
      run_cost_credits: ctx.config.RUN_COST_CREDITS,
      tool_call_cost_credits: ctx.config.TOOL_CALL_COST_CREDITS,
    };
  });

  app.get('/credits/transactions', async (request) => {
    const user = await requireUser(ctx, request);
    const page = parse(pageQuery, request.query);
    return { data: await listTransactions(ctx.db, user.id, page) };
  });
}
