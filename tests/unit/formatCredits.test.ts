import { formatCredits } from '../../src/components/formatCredits';
import { formatTransactionDate } from '../../src/components/dates';

describe('credits badge text', () => {
  it('shows "..." while the balance first loads', () => {
    expect(formatCredits(undefined, true)).toBe('...');
  });

  it('shows "?" when the balance is unknown', () => {
    expect(formatCredits(undefined, false)).toBe('?');
    expect(formatCredits(null, false)).toBe('?');
  });

  it('shows the number with thousands separators', () => {
    expect(formatCredits(0, false)).toBe('0');
    expect(formatCredits(999, false)).toBe('999');
    expect(formatCredits(1234, false)).toBe('1,234');
    expect(formatCredits(1234567, true)).toBe('1,234,567');
    expect(formatCredits(-1234.7, false)).toBe('-1,234');
    expect(formatCredits(100000, false)).toBe('100,000');
  });
});

describe('transaction dates', () => {
  it('use "MMM d, yyyy h:mm a"', () => {
    const local = new Date(2026, 10, 22, 13, 5);
    expect(formatTransactionDate(local.toISOString())).toBe('Nov 22, 2026 1:05 PM');
  });
});
