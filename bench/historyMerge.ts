// Figure 2: the SPEC §4 history merge on 1,000 and 10,000 stored messages in Node, against sorting alone.
import { performance } from 'node:perf_hooks';
import { mergeHistory, parseCreatedAt } from '../src/features/chat/historyMerge';
import type { StoredMessage } from '../contract/types';
import { round, type Figure } from '../server/bench/figure.ts';
import { storedSession } from './historySession.ts';

const REPEATS = 15;

/** The median of several runs after a warm-up, so one garbage collection does not decide the figure. */
function medianMs(work: () => unknown): number {
  for (let i = 0; i < 3; i++) work();
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The least any merge must do: read every time and sort by it. */
function sortOnly(messages: readonly StoredMessage[]): number[] {
  return messages.map((m) => parseCreatedAt(m.created_at) ?? 0).sort((a, b) => a - b);
}

export async function historyMergeBench(): Promise<Figure[]> {
  const small = storedSession(1_000);
  const large = storedSession(10_000);
  const smallMs = medianMs(() => mergeHistory(small));
  const largeMs = medianMs(() => mergeHistory(large));
  const smallSortMs = medianMs(() => sortOnly(small));
  const largeSortMs = medianMs(() => sortOnly(large));
  return [
    {
      name: 'history_merge.1000_messages',
      value: round(smallMs, 2),
      unit: 'ms',
      comparison: { against: 'parsing and sorting the times alone', value: round(smallSortMs, 2) },
    },
    {
      name: 'history_merge.10000_messages',
      value: round(largeMs, 2),
      unit: 'ms',
      comparison: {
        against: 'parsing and sorting the times alone',
        value: round(largeSortMs, 2),
        target: 'under 50 ms',
      },
    },
    {
      name: 'history_merge.10000_messages_per_sort',
      value: round(largeMs / largeSortMs, 1),
      unit: 'x',
      comparison: { against: 'parsing and sorting the times alone, as 1x', value: 1 },
    },
    {
      name: 'history_merge.growth_1000_to_10000',
      value: round(largeMs / smallMs, 2),
      unit: 'x',
      comparison: {
        against: 'growth of sorting alone',
        value: round(largeSortMs / smallSortMs, 2),
        target: 'under 15x',
      },
    },
  ];
}
