import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../utils/apiShape';
import { redirectTo } from '../../src/services/navigation';
import { PaymentPage } from '../../src/features/payments/components/PaymentPage';
import type { SubscriptionDetails } from '../../contract/types';
import { activeSubscription, alice, balance, subscriptionStatus } from '../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';
import { renderWithProviders, signedInState } from '../utils/renderWithProviders';

// Leaving the page is the browser's edge: jsdom cannot navigate to another origin.
jest.mock('../../src/services/navigation', () => ({ redirectTo: jest.fn() }));

useMswServer();

const plans = {
  starter: { name: 'Starter', price_usd: 9, credits_per_cycle: 1000, description: 'For trying things out' },
  pro: { name: 'Pro', price_usd: 29, credits_per_cycle: 5000, description: 'For regular use' },
};
const packages = [
  { id: 'small', name: 'Small', price_usd: 5, credits: 500, description: 'A top-up' },
  { id: 'large', name: 'Large', price_usd: 20, credits: 2500, description: 'A big top-up' },
];

function serve(details: () => SubscriptionDetails | null) {
  server.use(
    http.get(apiUrl('/credits/balance'), () => apiJson(balance(100))),
    http.get(apiUrl('/payments/plans'), () => apiJson({ data: { plans } })),
    http.get(apiUrl('/payments/packages'), () => apiJson({ data: { packages } })),
    http.get(apiUrl('/payments/subscription/status'), () => apiJson({ data: subscriptionStatus(details()) })),
  );
}

const renderPage = (options = {}) =>
  renderWithProviders(<PaymentPage />, { preloadedState: signedInState(alice), ...options });

const redirect = jest.mocked(redirectTo);
afterEach(() => {
  redirect.mockReset();
  jest.useRealTimers();
});

describe('/payment when not subscribed', () => {
  it('preselects the first plan and sends the browser to the checkout of the chosen plan', async () => {
    serve(() => null);
    let body: unknown;
    server.use(
      http.post(apiUrl('/payments/create-subscription-session'), async ({ request }) => {
        body = await request.json();
        return apiJson({ data: { url: 'http://localhost/checkout/cs_1', session_id: 'cs_1' } });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('radio', { name: /Starter/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Pro/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/checkout/cs_1'));
    expect(body).toEqual({
      price_id: 'pro',
      success_url: 'http://localhost/payment/success',
      cancel_url: 'http://localhost/payment/cancel',
    });
    expect(screen.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Starter/ })).toBeDisabled();
  });

  it('shows "Subscription checkout failed" at the top and lets the user try again', async () => {
    serve(() => null);
    server.use(http.post(apiUrl('/payments/create-subscription-session'), () => errorResponse(500, 'boom')));
    const { user } = renderPage();
    // The button is enabled once the plans have loaded and the first one is chosen.
    expect(await screen.findByRole('radio', { name: /Starter/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Subscription checkout failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('brings the buttons back when the checkout answers without a URL', async () => {
    serve(() => null);
    let asked = false;
    server.use(
      http.post(apiUrl('/payments/create-subscription-session'), () => {
        asked = true;
        return apiJson({ data: { url: '', session_id: 'x' } });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('radio', { name: /Starter/ });
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(asked).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled());
    expect(redirect).not.toHaveBeenCalled();
  });

  it('says "Failed to fetch plans" when the plans cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/credits/balance'), () => apiJson(balance(1))),
      http.get(apiUrl('/payments/plans'), () => errorResponse(403, 'no')),
      http.get(apiUrl('/payments/subscription/status'), () => apiJson({ data: subscriptionStatus(null) })),
    );
    renderPage();
    expect(await screen.findByText('Failed to fetch plans')).toBeInTheDocument();
  });

  it('says "Failed to check subscription status" when the status cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/credits/balance'), () => apiJson(balance(1))),
      http.get(apiUrl('/payments/plans'), () => errorResponse(403, 'no')),
      http.get(apiUrl('/payments/subscription/status'), () => errorResponse(403, 'no')),
    );
    renderPage();
    expect(await screen.findByText('Failed to check subscription status')).toBeInTheDocument();
  });
});

describe('/payment when subscribed', () => {
  it('lets a subscriber buy the preselected first package', async () => {
    serve(() => activeSubscription());
    let body: unknown;
    server.use(
      http.post(apiUrl('/payments/create-checkout-session'), async ({ request }) => {
        body = await request.json();
        return apiJson({ data: { url: 'http://localhost/checkout/cs_2', session_id: 'cs_2' } });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('radio', { name: /Small/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/checkout/cs_2'));
    expect(body).toMatchObject({ package_id: 'small' });
    expect(screen.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  });

  it('cancels: a reason is required, then it polls every second until the status says canceled', async () => {
    let details = activeSubscription(false);
    let statusCalls = 0;
    serve(() => {
      statusCalls += 1;
      // The server reports the cancellation only from the third poll on.
      if (cancelled && statusCalls >= afterCancel + 3) details = activeSubscription(true);
      return details;
    });
    let cancelled = false;
    let afterCancel = 0;
    let reason: unknown;
    server.use(
      http.post(apiUrl('/payments/subscription/cancel'), async ({ request }) => {
        reason = await request.json();
        cancelled = true;
        afterCancel = statusCalls;
        return apiJson({ data: { ok: true } });
      }),
    );
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { user } = renderPage({ advanceTimers: jest.advanceTimersByTime });

    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const confirm = screen.getByRole('button', { name: 'Confirm Cancellation' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Not using it enough' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByRole('button', { name: 'Canceling...' })).toBeDisabled();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(4000);
    });
    expect(reason).toEqual({ reason: 'not_using' });
    expect(await screen.findByRole('heading', { name: 'Subscription Canceled' })).toBeInTheDocument();
    expect(screen.getByText(/stays active until December 22, 2026/)).toBeInTheDocument();
  });

  it('reports "Timeout while waiting for subscription update." after 10 s without a change', async () => {
    serve(() => activeSubscription(false));
    server.use(http.post(apiUrl('/payments/subscription/cancel'), () => apiJson({ data: { ok: true } })));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { user } = renderPage({ advanceTimers: jest.advanceTimersByTime });

    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(screen.getByRole('radio', { name: 'Too expensive' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Cancellation' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(9000);
    });
    expect(screen.queryByText('Timeout while waiting for subscription update.')).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1500);
    });
    expect(await screen.findByText('Timeout while waiting for subscription update.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Cancellation' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Timeout while waiting for subscription update.')).not.toBeInTheDocument();
  });

  it('says "Failed to cancel subscription. Please try again." when the server refuses', async () => {
    serve(() => activeSubscription(false));
    server.use(http.post(apiUrl('/payments/subscription/cancel'), () => errorResponse(404, 'No active subscription')));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Cancellation' }));
    expect(await screen.findByText('Failed to cancel subscription. Please try again.')).toBeInTheDocument();
  });

  it('shows the "Subscription Canceled" panel with the end date for a pending cancellation', async () => {
    serve(() => activeSubscription(true));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Subscription Canceled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Proceed to Payment' })).toBeInTheDocument();
  });
});
