import { createMemoryRouter } from 'react-router';
import { whenRouterReady, type AppRouter } from '../../src/app/router';

/** A router whose only route's code arrives when the test says. */
function routerWithLazyPage() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const router = createMemoryRouter([
    {
      path: '/',
      lazy: async () => {
        await arrived;
        return { Component: () => null };
      },
    },
  ]) as unknown as AppRouter;
  return { router, arrive };
}

afterEach(() => jest.useRealTimers());

describe('the first render waits for the opening page', () => {
  it('starts at once when the router already has its page', () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }]) as unknown as AppRouter;
    const ready = jest.fn();
    whenRouterReady(router, 1000, ready);
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it("starts once the page's code has arrived, and only once", async () => {
    const { router, arrive } = routerWithLazyPage();
    const ready = jest.fn();
    whenRouterReady(router, 60_000, ready);
    expect(ready).not.toHaveBeenCalled();
    arrive();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).toHaveBeenCalledTimes(1);
    await router.navigate('/');
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('starts anyway after the longest wait when the code is slow, and not again when it arrives', async () => {
    jest.useFakeTimers();
    const { router, arrive } = routerWithLazyPage();
    const ready = jest.fn();
    whenRouterReady(router, 1000, ready);
    jest.advanceTimersByTime(999);
    expect(ready).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(ready).toHaveBeenCalledTimes(1);
    arrive();
    await jest.runAllTimersAsync();
    expect(router.state.initialized).toBe(true);
    expect(ready).toHaveBeenCalledTimes(1);
  });
});
