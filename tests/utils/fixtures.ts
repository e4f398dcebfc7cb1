// Wire-shaped sample data for the web tests.
import type { Balance, SubscriptionDetails, SubscriptionStatus, Transaction, User } from '../../contract/types';

export const alice: User = {
  id: 'u1',
  name: 'Alice Example',
  username: 'alice',
  email: 'alice@example.com',
  picture: null,
  google_id: 'local|alice@example.com',
  is_admin: false,
};

export const adminUser: User = {
  ...alice,
  id: 'u2',
  name: 'Ada Admin',
  username: 'ada',
  email: 'ada@example.com',
  is_admin: true,
};

export const balance = (available: number, subscription = 0): Balance => ({
  available_credits: available,
  subscription_credits: subscription,
});

export const transaction = (n: number): Transaction => ({
  id: `t${n}`,
  description: `Transaction ${n}`,
  created_at: new Date(Date.UTC(2026, 10, 20, 13, 5)).toISOString(),
  amount: n % 2 === 0 ? 50 : -5,
  transaction_type: n % 2 === 0 ? 'purchase' : 'consumption',
});

export const activeSubscription = (cancelAtPeriodEnd = false): SubscriptionDetails => ({
  id: 's1',
  plan_id: 'starter',
  status: 'active',
  cancel_at_period_end: cancelAtPeriodEnd,
  current_period_start: '2026-11-22T00:00:00.000Z',
  current_period_end: '2026-12-22T12:00:00.000Z',
  canceled_at: cancelAtPeriodEnd ? '2026-11-22T00:00:00.000Z' : null,
  cancel_reason: cancelAtPeriodEnd ? 'too_expensive' : null,
  plan_details: {
    id: 'starter',
    name: 'Starter',
    price_usd: 9,
    credits_per_cycle: 1000,
    description: 'For trying things out',
  },
});

export const subscriptionStatus = (details: SubscriptionDetails | null): SubscriptionStatus => ({
  is_subscribed: details !== null,
  subscription_details: details,
});
