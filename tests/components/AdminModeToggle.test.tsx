import { act, screen } from '@testing-library/react';
import { AdminModeToggle, FLASH_MS } from '../../src/features/layout/components/AdminModeToggle';
import { adminUser, alice } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, useMswServer } from '../utils/msw';
import { renderWithProviders, signedInState } from '../utils/renderWithProviders';

useMswServer();

afterEach(() => jest.useRealTimers());

describe('admin mode', () => {
  it('is hidden from users who are not admins, and the shortcut does nothing for them', async () => {
    const { user, store } = renderWithProviders(<AdminModeToggle />, { preloadedState: signedInState(alice) });
    expect(screen.queryByRole('button', { name: 'Admin mode' })).not.toBeInTheDocument();
    await user.keyboard('{Shift>}{Alt>}A{/Alt}{/Shift}');
    expect(store.getState().auth.adminMode).toBe(false);
  });

  it('toggles with Shift+Alt+A for admins and flashes the screen yellow briefly', async () => {
    jest.useFakeTimers();
    const { user, store } = renderWithProviders(<AdminModeToggle />, {
      preloadedState: signedInState(adminUser),
      advanceTimers: jest.advanceTimersByTime,
    });
    const toggle = await screen.findByRole('button', { name: 'Admin mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('admin-flash')).not.toBeInTheDocument();

    await user.keyboard('{Shift>}{Alt>}A{/Alt}{/Shift}');
    expect(store.getState().auth.adminMode).toBe(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('admin-flash')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(FLASH_MS);
    });
    expect(screen.queryByTestId('admin-flash')).not.toBeInTheDocument();
  });

  it('toggles from the floating button', async () => {
    const { user, store } = renderWithProviders(<AdminModeToggle />, { preloadedState: signedInState(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Admin mode' }));
    expect(store.getState().auth.adminMode).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Admin mode' }));
    expect(store.getState().auth.adminMode).toBe(false);
  });
});

describe('where the admin-mode button sits', () => {
  const at = (route: string, width: number) => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    server.use(http.all(apiUrl('/*'), () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 })));
    return renderApp(route, { preloadedState: signedInState(adminUser) });
  };
  afterEach(() => Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 }));

  it('floats bottom right on a wide page', async () => {
    at('/legal/privacy-policy', 1280);
    const button = await screen.findByRole('button', { name: 'Admin mode' });
    expect(button.closest('header')).toBeNull();
    expect(getComputedStyle(button).position).toBe('fixed');
  });

  it.each([
    ['on a phone', '/legal/privacy-policy', 390],
    ['on the team chat', '/teams/6650f0c2a1b2c3d4e5f60718/chat', 1280],
  ])('moves into the header %s, so it covers nothing', async (_where, route, width) => {
    at(route, width);
    const button = await screen.findByRole('button', { name: 'Admin mode' });
    expect(button.closest('header')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: 'Admin mode' })).toHaveLength(1);
  });
});
