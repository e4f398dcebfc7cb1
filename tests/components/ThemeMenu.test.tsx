import { screen } from '@testing-library/react';
import { ThemeMenu } from '../../src/features/layout/components/ThemeMenu';
import { renderWithProviders } from '../utils/renderWithProviders';

describe('the theme menu', () => {
  it('names the control in a tooltip on hover, then offers light, dark and system and keeps the choice', async () => {
    const { user, store } = renderWithProviders(<ThemeMenu />);
    const button = screen.getByRole('button', { name: 'Theme: System' });
    await user.hover(button);
    // The tooltip's code loads on this first hover.
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Theme');

    await user.click(screen.getByRole('button', { name: 'Theme: System' }));
    const dark = await screen.findByRole('menuitemradio', { name: 'Dark' });
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toBeChecked();
    await user.click(dark);
    expect(store.getState().layout.themePreference).toBe('dark');
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
  });
});
