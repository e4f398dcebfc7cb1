// The card payment provider seen by the routes: Stripe when STRIPE_SECRET_KEY is set, else the local checkout page.
import type { Config } from '../config.ts';
import { newId } from '../ids.ts';
import { createStripeProvider } from './stripeProvider.ts';

export interface CheckoutItem {
  kind: 'package' | 'subscription';
  id: string;
  name: string;
  description: string;
  amountCents: number;
  currency: string;
}

export interface CheckoutRequest {
  userId: string;
  email: string | null;
  item: CheckoutItem;
  successUrl: string;
  cancelUrl: string;
  /** This site's origin, where the local checkout page lives. */
  origin: string;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** Opens a hosted checkout; the id keys the checkout_sessions row and its fulfilment. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Stops renewal at the provider (Stripe subscriptions); nothing to do locally. */
  cancelAtPeriodEnd(providerSubscriptionId: string | null): Promise<void>;
}

const localProvider: PaymentProvider = {
  name: 'local',
  async createCheckout(request) {
    const id = newId();
    return { id, url: `${request.origin}/checkout/${id}` };
  },
  async cancelAtPeriodEnd() {},
};

export function createPaymentProvider(config: Config): PaymentProvider {
  return config.STRIPE_SECRET_KEY
    ? createStripeProvider(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE)
    : localProvider;
}
