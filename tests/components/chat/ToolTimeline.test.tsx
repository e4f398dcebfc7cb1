import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolTimeline } from '../../../src/features/chat/components/ToolTimeline';
import { toolRuns } from '../../../src/features/chat/chatSelectors';
import type { ToolCall } from '../../../contract/types';

const tool = (id: string, extra: Partial<ToolCall> = {}): ToolCall => ({
  tool_call_id: id,
  tool_name: `tool_${id}`,
  tool_args: { query: `args of ${id}` },
  ...extra,
});

function renderRuns(tools: ToolCall[], completedTools: string[] = []) {
  const runs = toolRuns(tools, completedTools);
  return render(<ToolTimeline runs={runs} />);
}

const item = (name: string) => screen.getByText(name).closest('[data-testid="tool-run"]') as HTMLElement;

describe('the tool timeline', () => {
  it('shows each tool as running, completed or error', () => {
    renderRuns([tool('a'), tool('b', { result: 'done' }), tool('c', { tool_call_error: true, result: 'Boom' })]);
    expect(item('tool_a')).toHaveAttribute('data-status', 'running');
    expect(within(item('tool_a')).getByText('Running')).toBeInTheDocument();
    expect(within(item('tool_b')).getByText('Completed')).toBeInTheDocument();
    expect(within(item('tool_c')).getByText('Error')).toBeInTheDocument();
  });

  it('counts a tool whose result is "None" as still running, even when reported complete', () => {
    renderRuns([tool('a', { result: 'None' })], ['a']);
    expect(item('tool_a')).toHaveAttribute('data-status', 'running');
  });

  it('shows the detail of a running tool in a panel of at most 360 px, and collapses it when the tool finishes', async () => {
    const { rerender } = renderRuns([tool('a')]);
    const detail = within(item('tool_a')).getByTestId('tool-detail');
    expect(detail).toHaveTextContent('args of a');
    expect(getComputedStyle(detail).maxHeight).toBe('360px');

    const finished = toolRuns([tool('a', { result: 'ok' })], undefined);
    rerender(<ToolTimeline runs={finished} />);
    await waitFor(() => expect(within(item('tool_a')).queryByTestId('tool-detail')).not.toBeInTheDocument());
    expect(within(item('tool_a')).getByRole('button', { expanded: false })).toBeInTheDocument();
  });

  it('renders a JSON-then-Markdown result and "Step N" blocks readably when opened', async () => {
    const user = userEvent.setup();
    renderRuns([
      tool('j', { result: '{"status":"ok","count":2}\n\n**Two** rows found' }),
      tool('s', {
        result: 'Step 1: Read the request\nReasoning: it names Slack\nAction: pick the Slack node\nConfidence: 0.9',
      }),
    ]);
    await user.click(within(item('tool_j')).getByRole('button'));
    const json = await within(item('tool_j')).findByTestId('tool-detail');
    expect(json).toHaveTextContent('"count": 2');
    expect(await within(json).findByText('Two')).toBeInTheDocument();

    await user.click(within(item('tool_s')).getByRole('button'));
    const steps = await within(item('tool_s')).findByTestId('tool-detail');
    expect(within(steps).getByText('Step 1: Read the request')).toBeInTheDocument();
    expect(steps).toHaveTextContent('Action: pick the Slack node');
    expect(steps).toHaveTextContent('Confidence: 0.9');
  });
});
