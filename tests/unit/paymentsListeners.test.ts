import { http, HttpResponse } from 'msw';
import { makeStore } from '../../src/app/store';
import { signedOut } from '../../src/features/auth/authActions';
import { installPaymentsModule } from '../../src/features/payments/paymentsModule';
import { selectCancellationTimedOut, selectWaitingForCancellation } from '../../src/features/payments/paymentsSlice';
import { api } from '../../src/services/api';
import { activeSubscription, subscriptionStatus } from '../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';

useMswServer();
installPaymentsModule();

/** Answers status checks in turn ("canceled", "active" or "error"), then keeps giving the last answer. */
function serveStatus(...answers: Array<'active' | 'canceled' | 'error'>) {
  let checks = 0;
  server.use(
    http.post(apiUrl('/payments/subscription/cancel'), () => HttpResponse.json({ data: { ok: true } })),
    http.get(apiUrl('/payments/subscription/status'), () => {
      const answer = answers[Math.min(checks, answers.length - 1)];
      checks += 1;
      if (answer === 'error') return errorResponse(500, 'Payment provider unavailable');
      return HttpResponse.json({ data: subscriptionStatus(activeSubscription(answer === 'canceled')) });
    }),
  );
  return { checks: () => checks };
}

async function cancelSubscription(store: ReturnType<typeof makeStore>) {
  await store.dispatch(api.endpoints.cancelSubscription.initiate({ reason: 'not_using' })).unwrap();
}

const waiting = (store: ReturnType<typeof makeStore>) => selectWaitingForCancellation(store.getState());
const timedOut = (store: ReturnType<typeof makeStore>) => selectCancellationTimedOut(store.getState());

describe('waiting for a subscription cancellation', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('polls every second and stops as soon as the status says canceled', async () => {
    const status = serveStatus('active', 'active', 'canceled');
    const store = makeStore();
    await cancelSubscription(store);
    expect(waiting(store)).toBe(true);

    await jest.advanceTimersByTimeAsync(999);
    expect(status.checks()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(status.checks()).toBe(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(status.checks()).toBe(3);
    expect(waiting(store)).toBe(false);
    expect(timedOut(store)).toBe(false);
    const cached = api.endpoints.getSubscriptionStatus.select()(store.getState()).data;
    expect(cached?.subscription_details?.cancel_at_period_end).toBe(true);

    await jest.advanceTimersByTimeAsync(10_000);
    expect(status.checks()).toBe(3);
  });

  it('fails with the timeout notice after 10 seconds', async () => {
    const status = serveStatus('active');
    const store = makeStore();
    await cancelSubscription(store);

    await jest.advanceTimersByTimeAsync(9999);
    expect(status.checks()).toBe(9);
    expect(timedOut(store)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(status.checks()).toBe(10);
    expect(timedOut(store)).toBe(true);
    expect(waiting(store)).toBe(false);
  });

  it('treats a failed status check as "not yet"', async () => {
    const status = serveStatus('error', 'canceled');
    const store = makeStore();
    await cancelSubscription(store);
    await jest.advanceTimersByTimeAsync(1000);
    expect(waiting(store)).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(status.checks()).toBe(2);
    expect(waiting(store)).toBe(false);
    expect(timedOut(store)).toBe(false);
  });

  it('stops polling when the user is signed out', async () => {
    const status = serveStatus('active');
    const store = makeStore();
    await cancelSubscription(store);
    await jest.advanceTimersByTimeAsync(1000);
    expect(status.checks()).toBe(1);

    store.dispatch(signedOut());
    await jest.advanceTimersByTimeAsync(20_000);
    expect(status.checks()).toBe(1);
    expect(waiting(store)).toBe(false);
    expect(timedOut(store)).toBe(false);
  });

  it('starts the 10 seconds again for a second cancel request', async () => {
    serveStatus('active');
    const store = makeStore();
    await cancelSubscription(store);
    await jest.advanceTimersByTimeAsync(5000);
    await cancelSubscription(store);
    await jest.advanceTimersByTimeAsync(9000);
    expect(timedOut(store)).toBe(false);
    await jest.advanceTimersByTimeAsync(1000);
    expect(timedOut(store)).toBe(true);
  });
});
