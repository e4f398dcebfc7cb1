// After a cancel request, poll the subscription status every 1 s for up to 10 s until it reports cancel_at_period_end.
export const POLL_INTERVAL_MS = 1000;
export const POLL_TIMEOUT_MS = 10_000;
export const CANCEL_TIMEOUT_ERROR = 'Timeout while waiting for subscription update.';

export class CancellationTimeout extends Error {
  constructor() {
    super(CANCEL_TIMEOUT_ERROR);
    this.name = 'CancellationTimeout';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `isCanceled` answers true; a failed check counts as "not yet".
 * Rejects with CancellationTimeout after POLL_TIMEOUT_MS.
 */
export async function waitForCancellation(
  isCanceled: () => Promise<boolean>,
  { intervalMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS } = {},
): Promise<void> {
  const attempts = Math.max(1, Math.floor(timeoutMs / intervalMs));
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    await sleep(intervalMs);
    if (await isCanceled().catch(() => false)) return;
  }
  throw new CancellationTimeout();
}
