// Plans, packages, subscription status and the checkout sessions of SPEC §7.
import type {
  CancelPayload,
  CheckoutPayload,
  CheckoutSession,
  CreditPackage,
  Envelope,
  SubscriptionDetails,
  SubscriptionPlan,
  SubscriptionSessionPayload,
  SubscriptionStatus,
} from '../../../contract/types';
import { unwrap, type Builder } from '../tags';

export const paymentsEndpoints = (build: Builder) => ({
  getPackages: build.query<CreditPackage[], void>({
    query: () => '/payments/packages',
    transformResponse: (r: Envelope<{ packages: CreditPackage[] }>) => r.data.packages,
  }),
  getPlans: build.query<Record<string, SubscriptionPlan>, void>({
    query: () => '/payments/plans',
    transformResponse: (r: Envelope<{ plans: Record<string, SubscriptionPlan> }>) => r.data.plans,
  }),
  getSubscriptionStatus: build.query<SubscriptionStatus, void>({
    query: () => '/payments/subscription/status',
    transformResponse: unwrap<SubscriptionStatus>,
    providesTags: ['Subscription'],
  }),
  getSubscriptionDetails: build.query<SubscriptionDetails, void>({
    query: () => '/payments/subscription/details',
    transformResponse: unwrap<SubscriptionDetails>,
    providesTags: ['Subscription'],
  }),
  getSubscriptionHistory: build.query<SubscriptionDetails[], { include_canceled?: boolean } | void>({
    query: (arg) => `/payments/subscription/history?include_canceled=${arg?.include_canceled ?? false}`,
    transformResponse: (r: Envelope<{ subscriptions: SubscriptionDetails[] }>) => r.data.subscriptions,
    providesTags: ['Subscription'],
  }),
  createCheckoutSession: build.mutation<CheckoutSession, CheckoutPayload>({
    query: (body) => ({ url: '/payments/create-checkout-session', method: 'POST', body }),
    transformResponse: unwrap<CheckoutSession>,
  }),
  createSubscriptionSession: build.mutation<CheckoutSession, SubscriptionSessionPayload>({
    query: (body) => ({ url: '/payments/create-subscription-session', method: 'POST', body }),
    transformResponse: unwrap<CheckoutSession>,
  }),
  cancelSubscription: build.mutation<unknown, CancelPayload>({
    query: (body) => ({ url: '/payments/subscription/cancel', method: 'POST', body }),
    invalidatesTags: ['Subscription'],
  }),
});
