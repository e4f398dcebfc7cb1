import { act, screen } from '@testing-library/react';
import { analytics, PAGE_VIEW_DELAY_MS } from '../../src/app/analytics';
import { renderApp } from '../utils/renderApp';

describe('page views', () => {
  it('reports the path and query 100 ms after each navigation', async () => {
    jest.useFakeTimers();
    const pageView = jest.spyOn(analytics, 'pageView');
    const { router } = renderApp('/privacy?from=mail');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS - 10);
    });
    expect(pageView).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(pageView).toHaveBeenLastCalledWith('/privacy?from=mail');

    await act(async () => {
      await router.navigate('/eu-privacy');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS);
    });
    expect(pageView).toHaveBeenLastCalledWith('/eu-privacy');
    expect(screen.getByRole('heading', { name: 'European Privacy Policy' })).toBeInTheDocument();
    pageView.mockRestore();
    jest.useRealTimers();
  });
});
