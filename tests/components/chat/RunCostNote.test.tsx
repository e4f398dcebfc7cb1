import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../../utils/apiShape';
import { api } from '../../../src/services/api';
import { RunCostNote } from '../../../src/features/chat/components/RunCostNote';
import { alice } from '../../utils/fixtures';
import { apiUrl, server, useMswServer } from '../../utils/msw';
import { renderWithProviders, signedInState } from '../../utils/renderWithProviders';

useMswServer();

const status = (available: number, prices: object) => ({
  available_credits: available,
  subscription_credits: 0,
  purchased_credits: available,
  is_subscribed: false,
  has_credits: available > 0,
  ...prices,
});
const PRICES = { run_cost_credits: 5, tool_call_cost_credits: 1 };

function renderNote(body: object, beforeFirstSend = true) {
  server.use(http.get(apiUrl('/credits/status'), () => apiJson(body)));
  return renderWithProviders(<RunCostNote beforeFirstSend={beforeFirstSend} />, {
    preloadedState: signedInState(alice),
  });
}

describe('the cost of a run', () => {
  it('is said before the first message', async () => {
    renderNote(status(100, PRICES));
    expect(await screen.findByText('Each run costs 5 credits plus 1 per tool call.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not repeated once the conversation has started', async () => {
    const { store } = renderNote(status(100, PRICES), false);
    await waitFor(() => expect(api.endpoints.getCreditStatus.select()(store.getState()).isSuccess).toBe(true));
    expect(screen.queryByText(/Each run costs/)).not.toBeInTheDocument();
  });

  it('warns when the balance will not cover the next run, with a way to buy credits', async () => {
    renderNote(status(3, PRICES), false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your balance (3 credits) does not cover the next run.');
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/payment');
  });

  it('says nothing when the server does not give the prices', async () => {
    const { store } = renderNote(status(0, {}));
    await waitFor(() => expect(api.endpoints.getCreditStatus.select()(store.getState()).isSuccess).toBe(true));
    expect(screen.queryByText(/credit/)).not.toBeInTheDocument();
  });
});
