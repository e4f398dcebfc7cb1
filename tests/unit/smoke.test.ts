import type { Balance } from '../../src/services/contract';

describe('contract', () => {
  it('types a balance', () => {
    const balance: Balance = { available_credits: 1, subscription_credits: 0 };
    expect(balance.available_credits + balance.subscription_credits).toBe(1);
  });
});
