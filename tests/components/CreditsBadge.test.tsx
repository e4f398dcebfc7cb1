import { act, screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { apiJson } from '../utils/apiShape';
import { CreditsBadge } from '../../src/features/layout/components/CreditsBadge';
import { api } from '../../src/services/api';
import { alice, balance } from '../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';
import { renderWithProviders, signedInState } from '../utils/renderWithProviders';

useMswServer();

describe('the credits badge', () => {
  it('shows "..." while loading, then the balance with thousands separators', async () => {
    server.use(
      http.get(apiUrl('/credits/balance'), async () => {
        await delay(50);
        return apiJson(balance(1234567));
      }),
    );
    renderWithProviders(<CreditsBadge />, { preloadedState: signedInState(alice) });
    expect(screen.getByTestId('credits-badge')).toHaveTextContent('...');
    expect(await screen.findByText('1,234,567')).toBeInTheDocument();
  });

  it('shows "?" and a toast when the balance cannot be loaded', async () => {
    server.use(http.get(apiUrl('/credits/balance'), () => errorResponse(404, 'gone')));
    renderWithProviders(<CreditsBadge />, { preloadedState: signedInState(alice) });
    expect(await screen.findByText('Failed to fetch credit balance')).toBeInTheDocument();
    expect(screen.getByTestId('credits-badge')).toHaveTextContent('?');
  });

  it('keeps the last balance when a refresh fails', async () => {
    let fail = false;
    server.use(http.get(apiUrl('/credits/balance'), () => (fail ? errorResponse(400, 'bad') : apiJson(balance(80)))));
    const { store } = renderWithProviders(<CreditsBadge />, { preloadedState: signedInState(alice) });
    expect(await screen.findByText('80')).toBeInTheDocument();
    fail = true;
    await act(async () => {
      store.dispatch(api.util.invalidateTags(['Credits']));
    });
    expect(await screen.findByText('Failed to fetch credit balance')).toBeInTheDocument();
    expect(screen.getByTestId('credits-badge')).toHaveTextContent('80');
  });

  it('explains itself in a tooltip', async () => {
    server.use(http.get(apiUrl('/credits/balance'), () => apiJson(balance(5))));
    const { user } = renderWithProviders(<CreditsBadge />, { preloadedState: signedInState(alice) });
    await user.hover(await screen.findByText('5'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Your available credits');
  });
});
