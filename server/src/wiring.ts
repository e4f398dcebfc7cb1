// Other domains' services behind the interfaces their users declare (credits' Subscriptions, the runtime's
// RuntimeContext); app.ts, server.ts and main.ts hand them over, so domains import each other one way only.
import type { AppContext } from './context.ts';
import type { Subscriptions } from './credits/routes.ts';
import { debitCredits, refundReference } from './credits/ledger.ts';
import { getDecryptedCredentials, userHasCredentials } from './credentials/service.ts';
import { searchKnowledge } from './knowledge/search.ts';
import { loadBilling } from './payments/billing.ts';
import { activeSubscription, settleUserSubscriptions } from './payments/subscriptions.ts';
import type { RuntimeContext } from './runtime/context.ts';

/** Payments' subscriptions as the credits routes see them. */
export function subscriptionsOf(ctx: AppContext): Subscriptions {
  const billing = loadBilling(ctx.config);
  return {
    settle: (userId) => settleUserSubscriptions(ctx, billing, userId),
    isActive: async (userId) => (await activeSubscription(ctx.db, userId)) !== null,
  };
}

/** The app's context with the credits, payments, credentials and knowledge services the runtime uses. */
export function runtimeContext(ctx: AppContext): RuntimeContext {
  const subscriptions = subscriptionsOf(ctx);
  return {
    ...ctx,
    accounts: {
      settleSubscriptions: subscriptions.settle,
      debit: (input, within = ctx.db) => debitCredits(within, input),
      refund: (input) => refundReference(ctx.db, input),
    },
    credentials: {
      valuesOf: (userId, serverId) => getDecryptedCredentials(ctx, userId, serverId),
      has: (userId, serverId) => userHasCredentials(ctx, userId, serverId),
    },
    searchKnowledge: (ids, query, limit) => searchKnowledge(ctx.db, ids, query, limit),
  };
}
