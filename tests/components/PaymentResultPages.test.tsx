import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../utils/apiShape';
import { alice, balance } from '../utils/fixtures';
import { apiUrl, server, useMswServer } from '../utils/msw';
import { renderApp } from '../utils/renderApp';
import { signedInState } from '../utils/renderWithProviders';

useMswServer();

afterEach(() => jest.useRealTimers());

describe('/payment/success', () => {
  it('shows the fresh balance and moves to the home page after 10 seconds', async () => {
    let credits = 100;
    server.use(http.get(apiUrl('/credits/balance'), () => apiJson(balance(credits))));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    credits = 1100;
    const { router } = renderApp('/payment/success', { preloadedState: signedInState(alice) });

    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    // The page asks for the balance itself (the header's badge loads in its own chunk and may not have asked yet).
    await waitFor(() => expect(screen.getByTestId('success-balance')).toHaveTextContent('1,100'));
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Buy More Credits' })).toHaveAttribute('href', '/payment');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(9900);
    });
    expect(router.state.location.pathname).toBe('/payment/success');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(router.state.location.pathname).not.toBe('/payment/success');
  });
});

describe('/payment/cancel', () => {
  it('says nothing was charged and offers Try Again and Return to Home', async () => {
    server.use(http.get(apiUrl('/credits/balance'), () => apiJson(balance(1))));
    renderApp('/payment/cancel', { preloadedState: signedInState(alice) });
    expect(await screen.findByText('Your payment was cancelled and you have not been charged.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/payment');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
