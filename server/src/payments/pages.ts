// Pages served outside /api/v1 by the payments domain: the local checkout page, its script and its Pay / Cancel actions.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { checkoutSessions } from '../db/schema.ts';
import { loadBilling, planDetails } from './billing.ts';
import { checkoutPage, messagePage } from './checkoutPage.ts';
import { fulfilCheckout } from './fulfil.ts';
import { CHECKOUT_SCRIPT } from './checkoutScript.ts';
import { requireUser } from '../auth/guard.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { limitPerMinute } from '../http/rateLimit.ts';

const params = z.object({ id: z.string().uuid() });
/** The page's own script only (no inline code), which may call this server and nothing else. */
const CHECKOUT_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export async function paymentPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const billing = loadBilling(ctx.config);

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CHECKOUT_CSP)
      .send(body);
  const missing = (reply: FastifyReply) =>
    html(reply, 404, messagePage('Checkout not found', 'This checkout does not exist.'));

  async function findLocalSession(id: unknown) {
    const parsed = params.safeParse({ id });
    if (!parsed.success) return null;
    const [row] = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, parsed.data.id), eq(checkoutSessions.provider, 'local')));
    return row ?? null;
  }

  await app.register(async (scoped) => {
    // The buttons are plain HTML forms; their (empty) urlencoded bodies carry nothing we read.
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, {}),
    );

    scoped.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
      const session = await findLocalSession(request.params.id);
      if (!session) return missing(reply);
      if (session.status !== 'open') {
        const done =
          session.status === 'paid' ? 'This checkout has already been paid.' : 'This checkout was cancelled.';
        return html(reply, 410, messagePage('Checkout closed', done));
      }
      const pkg = billing.packages.find((p) => p.id === session.itemId);
      const plan = session.kind === 'subscription' ? planDetails(billing, session.itemId) : null;
      const price = `$${(session.amountUsd / 100).toFixed(2)} ${billing.currency.toUpperCase()}`;
      return html(
        reply,
        200,
        checkoutPage({
          sessionId: session.id,
          appName: ctx.config.APP_NAME,
          itemName: plan
            ? `${plan.name} plan (${plan.credits_per_cycle} credits a month)`
            : `${pkg?.name ?? session.itemId} (${pkg?.credits ?? 0} credits)`,
          description: plan?.description ?? pkg?.description ?? '',
          priceLabel: plan ? `${price} / month` : price,
          billing: plan ? 'Monthly, renews automatically' : 'One-time payment',
        }),
      );
    });

    scoped.get('/checkout/assets/checkout.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CHECKOUT_SCRIPT),
    );

    // Pay is sent by the page's script with the web app's access token: only the checkout's owner can pay it.
    scoped.post<{ Params: { id: string } }>(
      '/checkout/:id/pay',
      limitPerMinute(ctx.config.RATE_LIMIT_CHECKOUT_PAY),
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const session = await findLocalSession(request.params.id);
        if (!session) throw notFound('Checkout');
        if (session.userId !== user.id) throw forbidden('This checkout belongs to another account');
        const result = await fulfilCheckout(ctx, billing, session.id);
        if (result === 'not_payable') throw conflict('This checkout was cancelled and cannot be paid.');
        if (result === 'already_subscribed')
          throw conflict('You already have an active subscription; nothing was charged.');
        return reply.header('cache-control', 'no-store').send({ data: { redirect_url: session.successUrl } });
      },
    );

    scoped.post<{ Params: { id: string } }>('/checkout/:id/cancel', async (request, reply) => {
      const session = await findLocalSession(request.params.id);
      if (!session) return missing(reply);
      await ctx.db
        .update(checkoutSessions)
        .set({ status: 'canceled' })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
      return reply.redirect(session.cancelUrl, 303);
    });
  });
}
