// Adapters that let a domain use a domain above it through an interface of its own; app.ts, server.ts and main.ts
// hand them over, so the imports between domains run one way.
import type { AppContext } from './context.ts';
import type { Subscriptions } from './credits/routes.ts';
import { loadBilling } from './payments/billing.ts';
import { activeSubscription, settleUserSubscriptions } from './payments/subscriptions.ts';

/** Payments' subscriptions as the credits routes see them. */
export function subscriptionsOf(ctx: AppContext): Subscriptions {
  const billing = loadBilling(ctx.config);
  return {
    settle: (userId) => settleUserSubscriptions(ctx, billing, userId),
    isActive: async (userId) => (await activeSubscription(ctx.db, userId)) !== null,
  };
}
