import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { enqueueToast } from '../../src/components/toasts/toasts';
import { renderWithProviders } from '../utils/renderWithProviders';

function toast(text: string) {
  act(() => {
    // persist: only a swipe (never the 3 s timer) may remove it within the test.
    enqueueToast(text, { variant: 'success', persist: true });
  });
  return screen.findByText(text);
}

const toastOf = (text: string) => screen.getByText(text).closest('[data-toast]') as HTMLElement;

// jsdom has no PointerEvent; a MouseEvent subclass carries clientY as browsers' pointer events do.
beforeAll(() => {
  if (!('PointerEvent' in window)) {
    Object.defineProperty(window, 'PointerEvent', {
      value: class PointerEvent extends MouseEvent {},
      configurable: true,
    });
  }
});

describe('toasts', () => {
  it('dismisses a toast swiped up by more than 50 px', async () => {
    renderWithProviders(<p>page</p>);
    await toast('Knowledge uploaded successfully!');
    const item = toastOf('Knowledge uploaded successfully!');
    fireEvent.pointerDown(item, { clientY: 200 });
    fireEvent.pointerMove(item, { clientY: 140 });
    fireEvent.pointerUp(item, { clientY: 140 });
    await waitFor(() => expect(screen.queryByText('Knowledge uploaded successfully!')).not.toBeInTheDocument());
  });

  it('keeps a toast swiped up by 50 px or less, and one dragged down', async () => {
    renderWithProviders(<p>page</p>);
    await toast('Credentials saved successfully!');
    const item = toastOf('Credentials saved successfully!');
    fireEvent.pointerDown(item, { clientY: 200 });
    fireEvent.pointerUp(item, { clientY: 150 });
    fireEvent.pointerDown(item, { clientY: 200 });
    fireEvent.pointerUp(item, { clientY: 400 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText('Credentials saved successfully!')).toBeInTheDocument();
  });

  it('moves keyboard focus to the newest toast on F8', async () => {
    renderWithProviders(<button type="button">elsewhere</button>);
    await toast('Team cloned successfully!');
    await toast('Team deleted successfully');
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(toastOf('Team deleted successfully')).toHaveFocus();
  });
});
