// /api/v1 routes of the payments domain: catalogue, checkout sessions, subscription status and cancellation.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cancelBody, checkoutBody, subscriptionBody } from '../../../contract/bodies.ts';
import type { AppContext } from '../context.ts';
import { checkoutSessions, subscriptions } from '../db/schema.ts';
import { requireUser, type UserRow } from '../auth/guard.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { loadBilling, toCents } from './billing.ts';
import { createPaymentProvider, type CheckoutItem } from './provider.ts';
import { activeSubscription, settleUserSubscriptions, subscriptionHistory, toDetails } from './subscriptions.ts';
import { redirectPath } from './urls.ts';
import { siteOrigin } from '../http/site.ts';
import { stripeWebhookRoutes } from './webhook.ts';

const historyQuery = z.object({ include_canceled: z.enum(['true', 'false']).default('false') });

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const billing = loadBilling(ctx.config);
  const provider = createPaymentProvider(ctx.config);

  async function openCheckout(
    request: FastifyRequest,
    user: UserRow,
    item: CheckoutItem,
    urls: { success_url?: string; cancel_url?: string },
  ) {
    const origin = siteOrigin(ctx, request);
    const successUrl = redirectPath(origin, urls.success_url, '/payment/success', 'success_url');
    const cancelUrl = redirectPath(origin, urls.cancel_url, '/payment/cancel', 'cancel_url');
    let session: { id: string; url: string };
    try {
      // The card provider needs absolute addresses; the local checkout redirects to the stored paths.
      session = await provider.createCheckout({
        userId: user.id,
        email: user.email,
        item,
        successUrl: `${origin}${successUrl}`,
        cancelUrl: `${origin}${cancelUrl}`,
        origin,
      });
    } catch (error) {
      // The provider's own message stays in the log: it may name keys or accounts.
      request.log.error({ err: error }, 'checkout session could not be created');
      throw new HttpError(502, 'The payment provider could not open a checkout; please try again');
    }
    await ctx.db.insert(checkoutSessions).values({
      id: session.id,
      userId: user.id,
      kind: item.kind,
      itemId: item.id,
      amountUsd: item.amountCents,
      status: 'open',
      provider: provider.name,
      successUrl,
      cancelUrl,
    });
    return { data: { url: session.url, session_id: session.id } };
  }

  app.get('/payments/packages', async () => ({ data: { packages: billing.packages } }));
  app.get('/payments/plans', async () => ({ data: { plans: billing.plans } }));

  app.post('/payments/create-checkout-session', async (request) => {
    const user = await requireUser(ctx, request);
    const body = parse(checkoutBody, request.body);
    const pkg = billing.packages.find((p) => p.id === body.package_id);
    if (!pkg) throw notFound('Credit package');
    await settleUserSubscriptions(ctx, billing, user.id);
    if (!(await activeSubscription(ctx.db, user.id))) {
      throw new HttpError(403, {
        code: 'subscription_required',
        message: 'Credit packages can be bought only with an active subscription',
      });
    }
    const item: CheckoutItem = {
      kind: 'package',
      id: pkg.id,
      name: pkg.name,
      description: pkg.description,
      amountCents: toCents(pkg.price_usd),
      currency: billing.currency,
    };
    return openCheckout(request, user, item, body);
  });

  app.post('/payments/create-subscription-session', async (request) => {
    const user = await requireUser(ctx, request);
    const body = parse(subscriptionBody, request.body);
    const plan = Object.hasOwn(billing.plans, body.price_id) ? billing.plans[body.price_id] : undefined;
    if (!plan) throw notFound('Subscription plan');
    await settleUserSubscriptions(ctx, billing, user.id);
    if (await activeSubscription(ctx.db, user.id)) throw conflict('You already have an active subscription');
    const item: CheckoutItem = {
      kind: 'subscription',
      id: body.price_id,
      name: `${plan.name} plan`,
      description: plan.description,
      amountCents: toCents(plan.price_usd),
      currency: billing.currency,
    };
    return openCheckout(request, user, item, body);
  });

  app.get('/payments/subscription/status', async (request) => {
    const user = await requireUser(ctx, request);
    await settleUserSubscriptions(ctx, billing, user.id);
    const row = await activeSubscription(ctx.db, user.id);
    return { data: { is_subscribed: row !== null, subscription_details: row ? toDetails(billing, row) : null } };
  });

  app.get('/payments/subscription/details', async (request) => {
    const user = await requireUser(ctx, request);
    await settleUserSubscriptions(ctx, billing, user.id);
    const row = await activeSubscription(ctx.db, user.id);
    if (!row) throw notFound('Subscription');
    return { data: toDetails(billing, row) };
  });

  app.get('/payments/subscription/history', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(historyQuery, request.query);
    await settleUserSubscriptions(ctx, billing, user.id);
    const rows = await subscriptionHistory(ctx.db, user.id, query.include_canceled === 'true');
    return { data: { subscriptions: rows.map((r) => toDetails(billing, r)) } };
  });

  app.post('/payments/subscription/cancel', async (request) => {
    const user = await requireUser(ctx, request);
    const body = parse(cancelBody, request.body);
    await settleUserSubscriptions(ctx, billing, user.id);
    const row = await activeSubscription(ctx.db, user.id);
    if (!row) throw notFound('Subscription');
    if (!row.cancelAtPeriodEnd) {
      try {
        await provider.cancelAtPeriodEnd(row.providerSubscriptionId);
      } catch (error) {
        request.log.error({ err: error }, 'subscription could not be canceled at the provider');
        throw new HttpError(502, 'The payment provider could not cancel the subscription; please try again');
      }
    }
    const [updated] = await ctx.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, cancelReason: body.reason, canceledAt: row.canceledAt ?? ctx.now() })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'active')))
      .returning();
    if (!updated) throw notFound('Subscription');
    return {
      data: toDetails(billing, updated),
      message: 'Your subscription will end at the end of the current period',
    };
  });

  await stripeWebhookRoutes(app, ctx, billing);
}
