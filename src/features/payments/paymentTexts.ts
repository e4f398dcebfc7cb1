// The payment screens' error texts (SPEC §8) and cancellation reasons (SPEC §5).
import type { CancelReason } from '../../../contract/types';

export const PAYMENT_ERRORS = {
  plans: 'Failed to fetch plans',
  packages: 'Failed to fetch packages',
  status: 'Failed to check subscription status',
  subscribe: 'Subscription checkout failed',
  purchase: 'Credit purchase failed',
  cancel: 'Failed to cancel subscription. Please try again.',
  cancelTimeout: 'Timeout while waiting for subscription update.',
} as const;

export const CANCEL_REASONS: Array<{ value: CancelReason; label: string }> = [
  { value: 'too_expensive', label: 'Too expensive' },
  { value: 'not_using', label: 'Not using it enough' },
  { value: 'found_better', label: 'Found a better tool' },
  { value: 'other', label: 'Other' },
];

export const formatUsd = (amount: number) =>
  amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: amount % 1 === 0 ? 0 : 2,
  });
