import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MessageItem } from '../../../src/features/chat/components/MessageItem';
import { initialChatState, messagesAdapter } from '../../../src/features/chat/chatState';
import { alice, balance } from '../../utils/fixtures';
import { apiUrl, server, useMswServer } from '../../utils/msw';
import { renderApp } from '../../utils/renderApp';
import { renderWithProviders, signedInState } from '../../utils/renderWithProviders';
import { startSocketServer } from '../../utils/socketServer';

useMswServer();
afterEach(() => sessionStorage.clear());

const TEAM = '6650f0c2a1b2c3d4e5f60718';
const CHAT = `/teams/${TEAM}/chat`;
const VNC = 'https://desk.example.com/computer/run-1/vnc.html';

const browserTool = { tool_call_id: 'tc1', tool_name: 'browser_open', tool_args: { url: 'https://n8n.io' } };
const browserDone = { ...browserTool, result: `{"vnc_url":"${VNC}","status":"opened"}\n\n[Watch](${VNC})` };
const member = {
  member_id: 'workflow-architect',
  member_name: 'Workflow Architect',
  content: 'Designed it',
  tools: [browserDone],
};

const fullRun = (sessionId: string) => [
  { type: 'start', session_id: sessionId },
  { type: 'chunk', content: 'Here is ' },
  { type: 'chunk', event: 'ToolCallStarted', active_tool: browserTool, tools: [browserTool] },
  { type: 'chunk', event: 'ToolCallCompleted', active_tool: browserDone, tools: [browserDone] },
  { type: 'chunk', member_responses: [member] },
  { type: 'chunk', content: 'your workflow.' },
  {
    type: 'end',
    event: 'RunCompleted',
    done: true,
    content: '',
    session_id: sessionId,
    tools: [browserDone],
    member_responses: [member],
    team_id: 'built-team-1',
  },
];

/** Each connection gets the next script: frames to send, or 'drop' to close after the start frame. */
function serve(scripts: Array<unknown[] | 'drop'>) {
  server.use(
    http.get(apiUrl('/credits/balance'), () => HttpResponse.json(balance(100))),
    http.get(apiUrl(`/teams/${TEAM}`), () =>
      HttpResponse.json({
        data: {
          id: TEAM,
          name: 'Workflow Team',
          description: '',
          is_public: true,
          model_id: 'm',
          owner_id: null,
          members: [],
          config: { mode: 'coordinate' },
        },
      }),
    ),
    http.get(apiUrl(`/teams/${TEAM}/sessions`), () => HttpResponse.json({ data: { total: 0, sessions: [] } })),
    http.get(apiUrl('/teams/sessions/:id/messages'), () =>
      HttpResponse.json({ data: { session: {}, team_context: {}, total: 0, messages: [] } }),
    ),
    http.get(apiUrl('/credentials/mcp/servers'), () => HttpResponse.json({ data: { servers: [] } })),
    http.get(apiUrl('/credentials/mcp'), () => HttpResponse.json({ data: { credentials: [] } })),
    http.all(apiUrl('/*'), () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 })),
  );
  const socket = startSocketServer(new RegExp(`/api/v1/teams/${TEAM}/ws`), {
    onMessage: (_message, connection) => {
      const script = scripts[connection];
      if (script === 'drop') {
        void socket.send({ type: 'start', session_id: 'sess-drop' }, { type: 'chunk', content: 'Partial' });
        setTimeout(() => socket.drop(), 10);
        return;
      }
      void socket.send(...(script ?? []));
    },
  });
  return socket.received;
}

const open = (route: string) => renderApp(route, { preloadedState: signedInState(alice) });

describe('a live team reply', () => {
  it("adopts the new session in the URL (keeping isHomeTeam), appends the follow-up card and opens the Agent's Computer", async () => {
    const received = serve([fullRun('sess-1')]);
    const { user, router, store } = open(`${CHAT}?isHomeTeam=true`);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Build me a team{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?session=sess-1&isHomeTeam=true'));
    expect(received).toEqual([{ message: 'Build me a team', session_id: null, file_ids: [] }]);
    const messages = Object.values(store.getState().chat.messages.entities);
    expect(messages.map((m) => m?.content)).toEqual([
      'Build me a team',
      'Here is your workflow.',
      'followup::built-team-1',
    ]);
    expect(messages[1]?.memberResponses?.[0]?.member_name).toBe('Workflow Architect');

    const panel = await screen.findByRole('complementary', { name: "Agent's Computer" });
    expect(within(panel).getByTitle("Agent's Computer")).toHaveAttribute('src', `${VNC}?view_only=true`);
    expect(within(panel).getByTitle("Agent's Computer")).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-forms',
    );
    // Opened while the chat had no session yet, the panel stays with the session the run created.
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('agent-computer:sess-1') ?? 'null')).toEqual({
        url: `${VNC}?view_only=true`,
        open: true,
      }),
    );

    await user.click(within(panel).getByRole('button', { name: "Close Agent's Computer" }));
    expect(JSON.parse(sessionStorage.getItem('agent-computer:sess-1') ?? 'null')).toMatchObject({ open: false });
    await user.click(screen.getByRole('button', { name: "Agent's Computer" }));
    expect(await screen.findByRole('complementary', { name: "Agent's Computer" })).toBeInTheDocument();
  });

  it("on a screen narrower than 640 px does not open the Agent's Computer by itself, but offers it as a full-screen sheet", async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      serve([fullRun('sess-3')]);
      const { user } = open(CHAT);
      await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Build it{Enter}');
      const watch = await screen.findByRole('button', { name: "Watch the agent's computer" });
      expect(screen.queryByTitle("Agent's Computer")).not.toBeInTheDocument();
      await user.click(watch);
      const sheet = await screen.findByRole('dialog', { name: "Agent's Computer" });
      expect(within(sheet).getByTitle("Agent's Computer")).toHaveAttribute('src', `${VNC}?view_only=true`);
      await user.click(within(sheet).getByRole('button', { name: 'Back to chat' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  it("moves an open Agent's Computer behind the link when the window narrows below 640 px", async () => {
    const width = window.innerWidth;
    serve([fullRun('sess-4')]);
    const { user } = open(CHAT);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Build it{Enter}');
    await screen.findByRole('complementary', { name: "Agent's Computer" });
    try {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 600 });
      window.dispatchEvent(new Event('resize'));
      expect(await screen.findByRole('button', { name: "Watch the agent's computer" })).toBeInTheDocument();
      expect(screen.queryByRole('complementary', { name: "Agent's Computer" })).not.toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      window.dispatchEvent(new Event('resize'));
    }
  });

  it('sends an initialMessage by itself when there is no session', async () => {
    const received = serve([fullRun('sess-2')]);
    const { router } = open(`${CHAT}?initialMessage=${encodeURIComponent('Hello team')}`);
    await waitFor(() => expect(received).toEqual([{ message: 'Hello team', session_id: null, file_ids: [] }]));
    await waitFor(() => expect(router.state.location.search).toBe('?session=sess-2'));
  });

  it('keeps the message after a dropped connection, explains it and retries on demand', async () => {
    const received = serve(['drop', fullRun('sess-drop')]);
    const { user, store } = open(CHAT);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Try this{Enter}');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(
      screen.getAllByText('Unable to connect to the AI service. Please check your connection and try again.').length,
    ).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument());
    await waitFor(() => expect(store.getState().chat.status).toBe('idle'));
    expect(received).toEqual([
      { message: 'Try this', session_id: null, file_ids: [] },
      { message: 'Try this', session_id: 'sess-drop', file_ids: [] },
    ]);
    const users = Object.values(store.getState().chat.messages.entities).filter((m) => m?.sender === 'user');
    expect(users).toHaveLength(1);
  });

  it('stops the streaming reply when the user opens another session', async () => {
    serve([
      [
        { type: 'start', session_id: 'sess-a' },
        { type: 'chunk', content: 'Half an ans' },
      ],
    ]);
    const { user, router, store } = open(`${CHAT}?session=sess-a`);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Long job{Enter}');
    await waitFor(() => expect(store.getState().chat.run?.text).toBe('Half an ans'));
    await router.navigate(`${CHAT}?session=sess-b`);
    await waitFor(() => expect(store.getState().chat.status).toBe('idle'));
    expect(store.getState().chat.sessionId).toBe('sess-b');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('opens "Insufficient Credits" when the balance cannot pay, and Purchase Credits leads to /payment', async () => {
    serve([[{ type: 'error', error_code: 'insufficient_credits', message: 'Not enough credits for this run' }]]);
    const { user, router } = open(CHAT);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Go{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Credits' });
    expect(
      within(dialog).getByText('You need credits to use the team chat feature. Purchase credits to continue.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Purchase Credits' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
  });
});

describe('the follow-up card', () => {
  it('shows "What\'s next?" with a TEAM ROOM link for a followup::{teamId} message', () => {
    const chat = {
      ...initialChatState,
      messages: messagesAdapter.setAll(messagesAdapter.getInitialState(), [
        { id: 'f1', content: 'followup::team-42', sender: 'team', timestamp: new Date().toISOString() },
      ]),
    };
    renderWithProviders(<MessageItem id="f1" timeLabel="" homeTeam />, {
      preloadedState: { ...signedInState(alice), chat },
    });
    expect(screen.getByText("What's next?")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'TEAM ROOM' })).toHaveAttribute('href', '/teams/team-42/chat');
  });
});
