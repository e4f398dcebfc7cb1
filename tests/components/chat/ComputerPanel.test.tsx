import { fireEvent, screen } from '@testing-library/react';
import { ComputerPanel, PANEL_WIDTH, STREAM_FAILED } from '../../../src/features/computer/components/ComputerPanel';
import { readComputer, writeComputer } from '../../../src/features/computer/computerStorage';
import { renderWithProviders } from '../../utils/renderWithProviders';

const URL_A = 'https://desk.example.com/computer/a/vnc.html?view_only=true';

afterEach(() => sessionStorage.clear());

describe("the Agent's Computer panel", () => {
  it('shows the desktop in a sandboxed frame with an open-in-new-tab link', () => {
    renderWithProviders(<ComputerPanel url={URL_A} onClose={() => {}} />);
    const frame = screen.getByTitle("Agent's Computer");
    expect(frame).toHaveAttribute('src', URL_A);
    expect(frame).toHaveAttribute('sandbox');
    const link = screen.getByRole('link', { name: 'Open in new tab' });
    expect(link).toHaveAttribute('href', URL_A);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps showing a frame that loaded', async () => {
    renderWithProviders(<ComputerPanel url={URL_A} onClose={() => {}} loadTimeoutMs={50} />);
    fireEvent.load(screen.getByTitle("Agent's Computer"));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(STREAM_FAILED)).not.toBeInTheDocument();
  });

  it('widens from 24rem to 48rem and closes the sidebar when expanded', async () => {
    const { user, store } = renderWithProviders(<ComputerPanel url={URL_A} onClose={() => {}} />);
    const panel = screen.getByRole('complementary', { name: "Agent's Computer" });
    expect(getComputedStyle(panel).width).toBe(PANEL_WIDTH.narrow);
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(getComputedStyle(panel).width).toBe(PANEL_WIDTH.wide);
    expect(store.getState().layout.sidebarOpen).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Shrink' }));
    expect(getComputedStyle(panel).width).toBe(PANEL_WIDTH.narrow);
  });

  it('says the stream failed when the frame does not load in time', async () => {
    renderWithProviders(<ComputerPanel url={URL_A} onClose={() => {}} loadTimeoutMs={50} />);
    expect(await screen.findByText(STREAM_FAILED)).toBeInTheDocument();
    expect(screen.queryByTitle("Agent's Computer")).not.toBeInTheDocument();
    expect(STREAM_FAILED).toBe('Failed to load the remote desktop stream. Please try again or open in a new tab.');
  });

  it('keeps the address and open flag per session', () => {
    writeComputer('s1', { url: URL_A, open: false });
    writeComputer('s3', { url: 'https://other/vnc.html', open: true });
    expect(readComputer('s1')).toEqual({ url: URL_A, open: false });
    expect(readComputer('s3')).toEqual({ url: 'https://other/vnc.html', open: true });
    expect(readComputer('s2')).toBeNull();
  });
});
