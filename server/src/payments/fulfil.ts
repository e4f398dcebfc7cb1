// The one fulfilment path of every payment provider: idempotent per checkout session, inside one DB transaction.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { checkoutSessions, paymentFulfilments, subscriptions } from '../db/schema.ts';
import { grantCredits } from '../credits/ledger.ts';
import { newId } from '../ids.ts';
import { planDetails, type Billing } from './billing.ts';
import { activeSubscription, addMonth } from './subscriptions.ts';

export type FulfilResult = 'fulfilled' | 'already_fulfilled' | 'unknown_session' | 'not_payable' | 'already_subscribed';

export interface FulfilOptions {
  /** The provider's own subscription id (Stripe `sub_…`), kept for cancellation. */
  providerSubscriptionId?: string | null;
}

/**
 * Grants what a paid checkout session bought. The payment_fulfilments row is inserted in the same
 * transaction as the grant, so a replayed webhook or a second "Pay" press finds the key and does nothing.
 */
export async function fulfilCheckout(
  ctx: AppContext,
  billing: Billing,
  sessionId: string,
  options: FulfilOptions = {},
): Promise<FulfilResult> {
  return ctx.db.transaction(async (tx) => {
    const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for('update');
    if (!session) return 'unknown_session';
    if (session.status === 'canceled') return 'not_payable';
    // Two subscription checkouts opened before either was paid: the second is refused, not stacked.
    if (
      session.kind === 'subscription' &&
      session.status === 'open' &&
      (await activeSubscription(tx, session.userId))
    ) {
      return 'already_subscribed';
    }
    const [claimed] = await tx
      .insert(paymentFulfilments)
      .values({ key: `checkout:${session.id}`, userId: session.userId })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return 'already_fulfilled';
    await tx.update(checkoutSessions).set({ status: 'paid' }).where(eq(checkoutSessions.id, session.id));

    if (session.kind === 'package') {
      const pkg = billing.packages.find((p) => p.id === session.itemId);
      if (!pkg) throw new Error(`Checkout ${session.id} names unknown package ${session.itemId}`);
      await grantCredits(tx, {
        userId: session.userId,
        amount: pkg.credits,
        transactionType: 'purchase',
        description: `Purchased ${pkg.name} (${pkg.credits} credits)`,
        reference: session.id,
        bucket: 'purchased',
      });
      return 'fulfilled';
    }

    const plan = planDetails(billing, session.itemId);
    const start = ctx.now();
    const subscriptionId = newId();
    await tx.insert(subscriptions).values({
      id: subscriptionId,
      userId: session.userId,
      planId: plan.id,
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: addMonth(start),
      provider: session.provider,
      providerSubscriptionId: options.providerSubscriptionId ?? null,
    });
    await grantCredits(tx, {
      userId: session.userId,
      amount: plan.credits_per_cycle,
      transactionType: 'subscription',
      description: `${plan.name} plan subscription`,
      reference: subscriptionId,
      bucket: 'subscription',
    });
    return 'fulfilled';
  });
}
