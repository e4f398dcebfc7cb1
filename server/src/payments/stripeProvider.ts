// Stripe Checkout through the official SDK; STRIPE_API_BASE points it at another host (a local fake in tests).
import Stripe from 'stripe';
import type { PaymentProvider } from './provider.ts';

export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 1 });
  const url = new URL(apiBase);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

export function createStripeProvider(secretKey: string, apiBase?: string): PaymentProvider {
  const stripe = stripeClient(secretKey, apiBase);
  return {
    name: 'stripe',
    async createCheckout({ userId, email, item, successUrl, cancelUrl }) {
      const priceData = {
        currency: item.currency,
        unit_amount: item.amountCents,
        product_data: { name: item.name, ...(item.description ? { description: item.description } : {}) },
      };
      const metadata = { user_id: userId, kind: item.kind, item_id: item.id };
      const session = await stripe.checkout.sessions.create({
        mode: item.kind === 'subscription' ? 'subscription' : 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: item.kind === 'subscription' ? { ...priceData, recurring: { interval: 'month' } } : priceData,
          },
        ],
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: userId,
        ...(email ? { customer_email: email } : {}),
        metadata,
        ...(item.kind === 'subscription' ? { subscription_data: { metadata } } : {}),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      if (!providerSubscriptionId) return;
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },
  };
}
