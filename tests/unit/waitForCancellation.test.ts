import { CANCEL_TIMEOUT_ERROR, waitForCancellation } from '../../src/features/payments/waitForCancellation';

describe('waiting for a subscription cancellation', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('polls every second and stops as soon as the status says canceled', async () => {
    const answers = [false, false, true];
    const check = jest.fn(async () => answers.shift() ?? true);
    let done = false;
    const waiting = waitForCancellation(check).then(() => {
      done = true;
    });

    await jest.advanceTimersByTimeAsync(999);
    expect(check).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2000);
    await waiting;
    expect(done).toBe(true);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('fails with the timeout error after 10 seconds', async () => {
    const check = jest.fn(async () => false);
    const waiting = waitForCancellation(check);
    const outcome = expect(waiting).rejects.toThrow(CANCEL_TIMEOUT_ERROR);
    await jest.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(check).toHaveBeenCalledTimes(10);
  });

  it('treats a failed status check as "not yet"', async () => {
    const check = jest.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(true);
    const waiting = waitForCancellation(check);
    await jest.advanceTimersByTimeAsync(2000);
    await expect(waiting).resolves.toBeUndefined();
  });
});
