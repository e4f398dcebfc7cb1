import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MessageItem } from '../../../src/features/chat/components/MessageItem';
import { initialChatState, messagesAdapter } from '../../../src/features/chat/chatState';
import type { ChatMessage, LiveRun } from '../../../src/features/chat/chatTypes';
import type { RootState } from '../../../src/app/store';
import { alice } from '../../utils/fixtures';
import { apiUrl, server, useMswServer } from '../../utils/msw';
import { renderWithProviders, signedInState } from '../../utils/renderWithProviders';

useMswServer();

function stateWith(messages: ChatMessage[], chat: Partial<RootState['chat']> = {}, user = alice) {
  return {
    ...signedInState(user),
    chat: {
      ...initialChatState,
      messages: messagesAdapter.setAll(messagesAdapter.getInitialState(), messages),
      ...chat,
    },
  };
}

const userMessage: ChatMessage = { id: 'u1', content: 'Hi team', sender: 'user', timestamp: '2026-11-21T10:00:00Z' };
const run: LiveRun = {
  runId: 'r1',
  teamId: 't',
  homeTeam: false,
  message: 'Hi team',
  fileIds: [],
  startedAt: '2026-11-21T10:00:00Z',
  text: '',
  tools: [],
  completedToolIds: [],
  memberResponses: [],
  events: [],
};

describe('chat messages', () => {
  it("shows the first letter of the user's username on their avatar, else U", () => {
    const first = renderWithProviders(<MessageItem id="u1" timeLabel="10:00:00 AM" homeTeam={false} />, {
      preloadedState: stateWith([userMessage]),
    });
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByText('10:00:00 AM')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<MessageItem id="u1" timeLabel="" homeTeam={false} />, {
      preloadedState: stateWith([userMessage], {}, { ...alice, username: '' }),
    });
    expect(screen.getByText('U')).toBeInTheDocument();
  });

  it('shows no avatars in home-team mode', () => {
    renderWithProviders(<MessageItem id="u1" timeLabel="" homeTeam />, { preloadedState: stateWith([userMessage]) });
    expect(screen.queryByText('A')).not.toBeInTheDocument();
  });

  it('shows "Thinking..." / "Team is processing your request" until the first text arrives, then the live text', () => {
    const live = <MessageItem id="team-r1" timeLabel="" homeTeam={false} />;
    const thinking = renderWithProviders(live, {
      preloadedState: stateWith([userMessage], { status: 'streaming', run }),
    });
    expect(screen.getByText('Thinking...')).toBeInTheDocument();
    expect(screen.getByText('Team is processing your request')).toBeInTheDocument();
    thinking.unmount();
    renderWithProviders(live, {
      preloadedState: stateWith([userMessage], { status: 'streaming', run: { ...run, text: 'Working on it' } }),
    });
    expect(screen.queryByText('Thinking...')).not.toBeInTheDocument();
    expect(screen.getByText('Working on it')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy reply' })).not.toBeInTheDocument();
  });

  it('offers a copy button on replies and marks a reply cut short by a dropped connection', async () => {
    const reply: ChatMessage = {
      id: 't1',
      content: 'Partial answer',
      sender: 'team',
      timestamp: '2026-11-21T10:00:01Z',
      interrupted: 'failed',
    };
    renderWithProviders(<MessageItem id="t1" timeLabel="" homeTeam={false} />, { preloadedState: stateWith([reply]) });
    expect(screen.getByRole('button', { name: 'Copy reply' })).toBeInTheDocument();
    expect(screen.getByText('The connection dropped; this reply is incomplete.')).toBeInTheDocument();
    expect(await screen.findByText('Partial answer')).toBeInTheDocument();
  });

  it("leads a finished reply with the team's answer; tools and member responses are folded, JSON output indented after the prose", async () => {
    const tool = {
      tool_call_id: 'c1',
      tool_name: 'validate_workflow',
      tool_args: {},
      result: '{"valid":true,"errors":[]}\n\nNo problems found',
    };
    const reply: ChatMessage = {
      id: 't1',
      content: 'Your workflow is ready.',
      sender: 'team',
      timestamp: '2026-11-21T10:00:01Z',
      tools: [tool],
      completedTools: ['c1'],
      memberResponses: [{ member_id: 'v', member_name: 'Workflow Validator', content: 'Checked it', tools: [tool] }],
    };
    const { user } = renderWithProviders(<MessageItem id="t1" timeLabel="" homeTeam={false} />, {
      preloadedState: stateWith([reply]),
    });
    expect(await screen.findByText('Your workflow is ready.')).toBeVisible();
    const tools = screen.getByRole('button', { name: 'Tools (1)' });
    const members = screen.getByRole('button', { name: 'Member responses (1)' });
    expect(tools).toHaveAttribute('aria-expanded', 'false');
    expect(members).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('validate_workflow', { selector: 'p' })).not.toBeVisible();
    expect(screen.queryByText('Checked it')).not.toBeVisible();

    await user.click(members);
    expect(await screen.findByText('Checked it')).toBeVisible();
    const preview = screen.getByTestId('member-tool-preview');
    expect(preview.textContent).toBe('No problems found\n\n{\n  "valid": true,\n  "errors": []\n}');
    await user.click(tools);
    expect(screen.getByText('validate_workflow', { selector: 'p' })).toBeVisible();
  });

  it("downloads a file the team saved with the user's token", async () => {
    localStorage.setItem('token', 'tok-alice');
    const seen: Array<string | null> = [];
    server.use(
      http.get(apiUrl('/files/f-1'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return new HttpResponse('# Summary', { headers: { 'content-type': 'text/markdown' } });
      }),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (blobs.push(blob), 'blob:file'));
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const reply: ChatMessage = {
      id: 't1',
      content: 'I saved a summary.',
      sender: 'team',
      timestamp: '2026-11-21T10:00:01Z',
      files: [{ file_id: 'f-1', original_filename: 'summary.md', size: 2048, content_type: 'text/markdown' }],
    };
    const { user } = renderWithProviders(<MessageItem id="t1" timeLabel="" homeTeam={false} />, {
      preloadedState: stateWith([reply]),
    });
    expect(await screen.findByText('I saved a summary.')).toBeVisible();
    const button = screen.getByRole('button', { name: 'Download summary.md' });
    expect(button).toHaveTextContent('summary.md (2.0 KB)');
    await user.click(button);
    await waitFor(() => expect(names).toEqual(['summary.md']));
    expect(seen).toEqual(['Bearer tok-alice']);
    expect(await blobs[0]!.text()).toBe('# Summary');
    click.mockRestore();
    localStorage.removeItem('token');
  });

  it('says so when a file cannot be downloaded', async () => {
    server.use(http.get(apiUrl('/files/f-2'), () => HttpResponse.json({ detail: 'File not found' }, { status: 404 })));
    const reply: ChatMessage = {
      id: 't2',
      content: 'Saved.',
      sender: 'team',
      timestamp: '2026-11-21T10:00:01Z',
      files: [{ file_id: 'f-2', original_filename: 'gone.txt', size: 3 }],
    };
    const { user } = renderWithProviders(<MessageItem id="t2" timeLabel="" homeTeam={false} />, {
      preloadedState: stateWith([reply]),
    });
    expect(await screen.findByText('Saved.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download gone.txt' }));
    expect(await screen.findByText('Failed to download gone.txt')).toBeInTheDocument();
  });
});
