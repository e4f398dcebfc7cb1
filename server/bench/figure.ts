// The shape of one printed benchmark figure.

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** What the value is measured against in the same run (a baseline), and the target when there is one. */
  comparison: { against: string; value: number; target?: string };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
