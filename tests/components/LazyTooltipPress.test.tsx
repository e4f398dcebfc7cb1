// In its own file: the Tooltip's chunk is cached per module registry, and this test needs the first load.
import { screen } from '@testing-library/react';
import { LazyTooltip } from '../../src/components/LazyTooltip';
import { renderWithProviders } from '../utils/renderWithProviders';

describe('a lazily loaded tooltip', () => {
  it('lets a click that began before the tooltip arrived reach its control, and then shows the tooltip', async () => {
    const onClick = jest.fn();
    const { user } = renderWithProviders(
      <LazyTooltip title="Attach files">
        <button type="button" onClick={onClick}>
          Attach
        </button>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Attach' });
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    // The chunk has arrived by now; the button is not wrapped (and so not replaced) while it is held down.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button).toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Attach files' })).toBeInTheDocument();
  });
});
