// Subscription lifecycle: the current subscription, renewal at period end, and the end of a canceled one.
import { and, desc, eq, lte, ne } from 'drizzle-orm';
import type { SubscriptionDetails } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { paymentFulfilments, subscriptions } from '../db/schema.ts';
import { expireSubscriptionCredits, grantCredits } from '../credits/ledger.ts';
import { loadBilling, planDetails, type Billing } from './billing.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A missed month or two is caught up; a clock jump of years is not replayed cycle by cycle. */
const MAX_CYCLES_PER_SETTLE = 24;

/** One calendar month later, clamped to the month's last day (Jan 31 → Feb 28), in UTC. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function toDetails(billing: Billing, row: SubscriptionRow): SubscriptionDetails {
  return {
    id: row.id,
    plan_id: row.planId,
    status: row.status as SubscriptionDetails['status'],
    cancel_at_period_end: row.cancelAtPeriodEnd,
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    canceled_at: row.canceledAt?.toISOString() ?? null,
    cancel_reason: row.cancelReason,
    plan_details: planDetails(billing, row.planId),
  };
}

export async function activeSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function subscriptionHistory(
  db: Db,
  userId: string,
  includeCanceled: boolean,
): Promise<SubscriptionRow[]> {
  const own = eq(subscriptions.userId, userId);
  return db
    .select()
    .from(subscriptions)
    .where(includeCanceled ? own : and(own, ne(subscriptions.status, 'canceled')))
    .orderBy(desc(subscriptions.createdAt));
}

/** Ends a subscription (period over, or ended at the provider); its unused subscription credits expire. */
export async function endSubscription(ctx: AppContext, row: SubscriptionRow, db: Db = ctx.db): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: row.canceledAt ?? ctx.now() })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'active')))
      .returning();
    if (ended)
      await expireSubscriptionCredits(
        tx,
        row.userId,
        'Subscription ended: unused subscription credits expired',
        row.id,
      );
  });
}

/** Starts the next cycle once: keyed by subscription and period end, so two readers cannot both renew. */
export async function renewSubscription(
  ctx: AppContext,
  billing: Billing,
  row: SubscriptionRow,
  db: Db = ctx.db,
): Promise<boolean> {
  const plan = planDetails(billing, row.planId);
  return db.transaction(async (tx) => {
    const key = `renewal:${row.id}:${row.currentPeriodEnd.toISOString()}`;
    const [claimed] = await tx
      .insert(paymentFulfilments)
      .values({ key, userId: row.userId })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return false;
    await expireSubscriptionCredits(
      tx,
      row.userId,
      'Subscription cycle ended: unused subscription credits expired',
      row.id,
    );
    if (plan.credits_per_cycle > 0) {
      await grantCredits(tx, {
        userId: row.userId,
        amount: plan.credits_per_cycle,
        transactionType: 'subscription_renewal',
        description: `${plan.name} plan renewed`,
        reference: row.id,
        bucket: 'subscription',
      });
    }
    await tx
      .update(subscriptions)
      .set({ currentPeriodStart: row.currentPeriodEnd, currentPeriodEnd: addMonth(row.currentPeriodEnd) })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd)));
    return true;
  });
}

/**
 * Brings one subscription up to ctx.now(). Local subscriptions renew here; Stripe ones renew when Stripe
 * reports the paid invoice (webhook), so only their end is settled here.
 */
async function settle(ctx: AppContext, billing: Billing, start: SubscriptionRow): Promise<void> {
  let row: SubscriptionRow | undefined = start;
  for (let i = 0; row && i < MAX_CYCLES_PER_SETTLE; i++) {
    if (row.status !== 'active' || row.currentPeriodEnd > ctx.now()) return;
    if (row.cancelAtPeriodEnd) return endSubscription(ctx, row);
    if (row.provider !== 'local') return;
    await renewSubscription(ctx, billing, row);
    [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
  }
}

/** Lazily settles a user's due subscription; called before status and balance reads. */
export async function settleUserSubscriptions(ctx: AppContext, billing: Billing, userId: string): Promise<void> {
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.currentPeriodEnd, ctx.now()),
      ),
    );
  for (const row of due) await settle(ctx, billing, row);
}

/** Settles every due subscription (for a periodic timer); returns how many were looked at. */
export async function runRenewals(ctx: AppContext, billing: Billing = loadBilling(ctx.config)): Promise<number> {
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, ctx.now())));
  for (const row of due) await settle(ctx, billing, row);
  return due.length;
}
