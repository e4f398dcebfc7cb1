// In its own file: the Tooltip's chunk is cached per module registry, and this test needs the first load.
import { screen } from '@testing-library/react';
import { LazyTooltip } from '../../src/components/LazyTooltip';
import { renderWithProviders } from '../utils/renderWithProviders';

describe('a lazily loaded tooltip', () => {
  it('keeps keyboard focus on its control while the tooltip loads, and then shows the tooltip', async () => {
    const { user } = renderWithProviders(
      <LazyTooltip title="Theme">
        <button type="button">Pick a theme</button>
      </LazyTooltip>,
    );
    await user.tab();
    // Loading the tooltip wraps the button (which then takes the title as its name) and mounts it again; the new
    // button must have the focus back.
    expect(await screen.findByRole('button', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Theme' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Theme');
  });
});
