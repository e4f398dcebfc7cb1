// POST /payments/webhook: Stripe events, verified on the raw body, fulfilled through the shared idempotent path.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context.ts';
import { checkoutSessions, paymentFulfilments, subscriptions } from '../db/schema.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import type { Billing } from './billing.ts';
import { fulfilCheckout } from './fulfil.ts';
import { stripeClient } from './stripeProvider.ts';
import { endSubscription, renewSubscription } from './subscriptions.ts';

type Handled = 'fulfilled' | 'ignored' | 'already_processed';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Invoices name their subscription under `parent` in current API versions and at the top level in older ones. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
}

async function handleEvent(ctx: AppContext, billing: Billing, event: Stripe.Event): Promise<Handled> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status === 'unpaid') return 'ignored';
      const result = await fulfilCheckout(ctx, billing, session.id, {
        providerSubscriptionId: idOf(session.subscription),
      });
      return result === 'fulfilled' ? 'fulfilled' : result === 'already_fulfilled' ? 'already_processed' : 'ignored';
    }
    case 'checkout.session.expired': {
      await ctx.db
        .update(checkoutSessions)
        .set({ status: 'canceled' })
        .where(and(eq(checkoutSessions.id, event.data.object.id), eq(checkoutSessions.status, 'open')));
      return 'ignored';
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const providerId = invoiceSubscriptionId(invoice);
      if (invoice.billing_reason !== 'subscription_cycle' || !providerId) return 'ignored';
      const [row] = await ctx.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.providerSubscriptionId, providerId), eq(subscriptions.status, 'active')));
      if (!row) return 'ignored';
      // The event id guards against replays; the renewal key guards against a lazy renewal racing it.
      return ctx.db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(paymentFulfilments)
          .values({ key: `stripe_event:${event.id}`, userId: row.userId })
          .onConflictDoNothing()
          .returning();
        if (!claimed) return 'already_processed';
        return (await renewSubscription(ctx, billing, row, tx)) ? 'fulfilled' : 'already_processed';
      });
    }
    case 'customer.subscription.deleted': {
      const [row] = await ctx.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.providerSubscriptionId, event.data.object.id), eq(subscriptions.status, 'active')));
      if (row) await endSubscription(ctx, row);
      return row ? 'fulfilled' : 'ignored';
    }
    default:
      return 'ignored';
  }
}

export async function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext, billing: Billing): Promise<void> {
  const { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret } = ctx.config;
  const stripe = key ? stripeClient(key, ctx.config.STRIPE_API_BASE) : null;

  await app.register(async (scoped) => {
    // The signature covers the exact bytes Stripe sent, so this route keeps the body raw.
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scoped.post('/payments/webhook', async (request) => {
      if (!stripe) throw notFound('Payment webhook');
      if (!secret) throw new HttpError(503, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw badRequest('Missing Stripe signature or body');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw badRequest('Invalid Stripe signature');
      }
      return { received: true, result: await handleEvent(ctx, billing, event) };
    });
  });
}
