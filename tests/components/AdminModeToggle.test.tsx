import { act, screen } from '@testing-library/react';
import { AdminModeToggle, FLASH_MS } from '../../src/features/layout/components/AdminModeToggle';
import { adminUser, alice } from '../utils/fixtures';
import { renderWithProviders, signedInState } from '../utils/renderWithProviders';

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
    const toggle = screen.getByRole('button', { name: 'Admin mode' });
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
    await user.click(screen.getByRole('button', { name: 'Admin mode' }));
    expect(store.getState().auth.adminMode).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Admin mode' }));
    expect(store.getState().auth.adminMode).toBe(false);
  });
});
