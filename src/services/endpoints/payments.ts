// Plans, packages, subscription status and the checkout sessions of SPEC §7.
import type {
  CancelPayload,
  CheckoutPayload,
  CheckoutSession,
  CreditPackage,
  SubscriptionDetails,
  SubscriptionPlan,
  SubscriptionSessionPayload,
  SubscriptionStatus,
} from '../../../contract/types';
import { readers } from '../../../contract/responses';
import type { Builder } from '../tags';

export const paymentsEndpoints = (build: Builder) => ({
  getPackages: build.query<CreditPackage[], void>({
    query: () => '/payments/packages',
    transformResponse: readers.packages,
  }),
  getPlans: build.query<Record<string, SubscriptionPlan>, void>({
    query: () => '/payments/plans',
    transformResponse: readers.plans,
  }),
  getSubscriptionStatus: build.query<SubscriptionStatus, void>({
    query: () => '/payments/subscription/status',
    transformResponse: readers.subscriptionStatus,
    providesTags: ['Subscription'],
  }),
  getSubscriptionDetails: build.query<SubscriptionDetails, void>({
    query: () => '/payments/subscription/details',
    transformResponse: readers.subscriptionDetails,
    providesTags: ['Subscription'],
  }),
  getSubscriptionHistory: build.query<SubscriptionDetails[], { include_canceled?: boolean } | void>({
    query: (arg) => `/payments/subscription/history?include_canceled=${arg?.include_canceled ?? false}`,
    transformResponse: readers.subscriptionHistory,
    providesTags: ['Subscription'],
  }),
  createCheckoutSession: build.mutation<CheckoutSession, CheckoutPayload>({
    query: (body) => ({ url: '/payments/create-checkout-session', method: 'POST', body }),
    transformResponse: readers.checkoutSession,
  }),
  createSubscriptionSession: build.mutation<CheckoutSession, SubscriptionSessionPayload>({
    query: (body) => ({ url: '/payments/create-subscription-session', method: 'POST', body }),
    transformResponse: readers.checkoutSession,
  }),
  cancelSubscription: build.mutation<unknown, CancelPayload>({
    query: (body) => ({ url: '/payments/subscription/cancel', method: 'POST', body }),
    invalidatesTags: ['Subscription'],
  }),
});
