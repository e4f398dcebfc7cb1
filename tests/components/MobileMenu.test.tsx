import { screen } from '@testing-library/react';
import { MobileMenu } from '../../src/features/layout/components/MobileMenu';
import { renderWithProviders } from '../utils/renderWithProviders';

describe('the mobile menu', () => {
  it('offers the account links and Logout to a signed-in user', async () => {
    const onLogout = jest.fn();
    const { user, router } = renderWithProviders(<MobileMenu signedIn onLogout={onLogout} />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The menu's items load with their chunk on the first press.
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('menuitem', { name: 'Manage Credits' }));
    expect(router.state.location.pathname).toBe('/payment');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('offers Login to anonymous visitors', async () => {
    const { user } = renderWithProviders(<MobileMenu signedIn={false} onLogout={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).not.toBeInTheDocument();
  });
});
