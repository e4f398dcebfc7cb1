import { screen, within } from '@testing-library/react';
import type { WorkflowJson } from '../../../contract/types';
import { MessageItem } from '../../../src/features/chat/components/MessageItem';
import { initialChatState, messagesAdapter } from '../../../src/features/chat/chatState';
import type { ChatMessage, LiveRun } from '../../../src/features/chat/chatTypes';
import { alice } from '../../utils/fixtures';
import { installReactFlowStubs } from '../../utils/reactFlowStubs';
import { renderWithProviders, signedInState } from '../../utils/renderWithProviders';

beforeAll(installReactFlowStubs);

const workflow = {
  name: 'Schedule Trigger → Slack',
  nodes: [
    {
      id: 'a',
      name: 'Schedule Trigger',
      type: 'n8n-nodes-base.scheduleTrigger',
      typeVersion: 1.2,
      position: [240, 300],
      parameters: {},
    },
    {
      id: 'b',
      name: '<img src=x onerror=alert(1)>',
      type: 'n8n-nodes-base.slack',
      typeVersion: 2.2,
      position: [460, 300],
      parameters: {},
    },
  ],
  connections: { 'Schedule Trigger': { main: [[{ node: '<img src=x onerror=alert(1)>', type: 'main', index: 0 }]] } },
};
const json = JSON.stringify(workflow, null, 2);
const replyWith = (extra = '') => `Here is your workflow.\n\n\`\`\`json\n${json}\n\`\`\`\n${extra}`;

function renderReply(content: string, live = false, data?: ChatMessage['workflow']) {
  const message: ChatMessage = {
    id: 'team-r1',
    content: live ? '' : content,
    sender: 'team',
    timestamp: '2026-11-21T10:00:01Z',
    ...(data ? { workflow: data } : {}),
  };
  const run: LiveRun = {
    runId: 'r1',
    teamId: 't',
    homeTeam: false,
    message: 'Hi',
    fileIds: [],
    startedAt: '2026-11-21T10:00:00Z',
    text: content,
    tools: [],
    completedToolIds: [],
    memberResponses: [],
    events: [],
  };
  const chat = {
    ...initialChatState,
    messages: messagesAdapter.setAll(messagesAdapter.getInitialState(), live ? [] : [message]),
  };
  return renderWithProviders(<MessageItem id="team-r1" timeLabel="" homeTeam={false} />, {
    preloadedState: { ...signedInState(alice), chat: live ? { ...chat, status: 'streaming', run } : chat },
  });
}

const actions = () => screen.getByRole('group', { name: 'Workflow actions' });

describe('a workflow in a reply', () => {
  it('shows the workflow as a diagram with its node names, markup shown as text', async () => {
    const { container } = renderReply(replyWith());
    const canvas = await screen.findByRole('application', {
      name: 'Workflow diagram: Schedule Trigger → Slack, 2 nodes',
    });
    expect(within(canvas).getByText('Schedule Trigger')).toBeInTheDocument();
    expect(within(canvas).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(within(canvas).getByText('Action · Slack')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Here is your workflow.')).toBeInTheDocument();
  });

  it('copies the JSON to the clipboard and says so', async () => {
    const { user } = renderReply(replyWith());
    // user-event's clipboard stub reads back through jsdom's Blob, which Node's Blob (jest-fixed-jsdom) is not.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(actions()).getByRole('button', { name: 'Copy JSON' }));
    expect(writeText).toHaveBeenCalledWith(json);
    expect(within(actions()).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(actions()).getByRole('status')).toHaveTextContent('Workflow JSON copied');
  });

  it('says so when the browser refuses the clipboard', async () => {
    const { user } = renderReply(replyWith());
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(within(actions()).getByRole('button', { name: 'Copy JSON' }));
    expect(await within(actions()).findByRole('button', { name: 'Copy failed' })).toBeInTheDocument();
    expect(within(actions()).getByRole('status')).toHaveTextContent('The browser refused the clipboard');
  });

  it('downloads the JSON as a file named after the workflow', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (blobs.push(blob), 'blob:workflow'));
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('schedule-trigger-slack.json');
      expect(this.href).toBe('blob:workflow');
    });
    const { user } = renderReply(replyWith());
    await user.click(within(actions()).getByRole('button', { name: 'Download .json' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await blobs[0]!.text()).toBe(json);
    expect(blobs[0]!.type).toBe('application/json');
    click.mockRestore();
  });

  it('offers "Open in n8n" only when the reply links a created workflow over http(s)', () => {
    const linked = renderReply(replyWith('\n[Open in n8n](https://n8n.example.com/workflow/abc123)'));
    const open = within(actions()).getByRole('link', { name: 'Open in n8n' });
    expect(open).toHaveAttribute('href', 'https://n8n.example.com/workflow/abc123');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    linked.unmount();
    const hostile = renderReply(replyWith('\n[Open in n8n](javascript:alert(1)//workflow/abc123)'));
    expect(within(actions()).queryByRole('link')).not.toBeInTheDocument();
    hostile.unmount();
    renderReply(replyWith('\n[Docs](https://n8n.example.com/docs)'));
    expect(within(actions()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows "Open in n8n" once: the button, not the reply’s own link beside it', () => {
    renderReply(
      replyWith(
        '\nI created the workflow in your n8n (inactive): [Open in n8n](https://n8n.example.com/workflow/abc123)',
      ),
    );
    expect(screen.getAllByRole('link', { name: 'Open in n8n' })).toHaveLength(1);
    expect(screen.getByText('I created the workflow in your n8n (inactive).')).toBeInTheDocument();
  });

  it('draws the workflow the server sent as data, even when the text has no JSON block', async () => {
    renderReply('Here is your workflow.', false, {
      workflow: workflow as unknown as WorkflowJson,
      url: 'https://n8n.example.com/workflow/9',
    });
    expect(
      await screen.findByRole('application', { name: 'Workflow diagram: Schedule Trigger → Slack, 2 nodes' }),
    ).toBeInTheDocument();
    expect(within(actions()).getByRole('link', { name: 'Open in n8n' })).toHaveAttribute(
      'href',
      'https://n8n.example.com/workflow/9',
    );
  });

  it('keeps the JSON collapsed until asked for', async () => {
    const { user } = renderReply(replyWith());
    const toggle = screen.getByRole('button', { name: 'Workflow JSON' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('"connections"')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('"connections"')).toBeInTheDocument();
  });

  it('renders the reply as before while the JSON is still streaming or does not parse', async () => {
    const streaming = renderReply(`Here is your workflow.\n\n\`\`\`json\n${json.slice(0, 80)}`, true);
    expect(screen.queryByRole('group', { name: 'Workflow actions' })).not.toBeInTheDocument();
    streaming.unmount();
    renderReply('```json\n{"nodes": [1, 2\n```');
    expect(await screen.findByText(/"nodes"/)).toBeInTheDocument();
    expect(screen.queryByRole('application')).not.toBeInTheDocument();
  });

  it('shows the JSON with a note instead of a diagram above 300 nodes', () => {
    const nodes = Array.from({ length: 301 }, (_, i) => ({ name: `N${i}`, type: 'n8n-nodes-base.set' }));
    renderReply(`\`\`\`json\n${JSON.stringify({ name: 'Huge', nodes, connections: {} })}\n\`\`\``);
    expect(screen.getByText(/This workflow has 301 nodes, too many to draw here/)).toBeInTheDocument();
    expect(screen.queryByRole('application')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Workflow JSON' })).toHaveAttribute('aria-expanded', 'true');
  });
});
