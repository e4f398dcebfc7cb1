import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiJson } from '../../utils/apiShape';
import type { ChatSession, ServerRequirement, Team, UserCredential } from '../../../contract/types';
import { alice, balance } from '../../utils/fixtures';
import { apiUrl, server, useMswServer } from '../../utils/msw';
import { renderApp } from '../../utils/renderApp';
import { signedInState } from '../../utils/renderWithProviders';

useMswServer();

const TEAM = '6650f0c2a1b2c3d4e5f60718';
const CHAT = `/teams/${TEAM}/chat`;

const team = {
  id: TEAM,
  name: 'Workflow Automation Team',
  description: 'Builds n8n workflows',
  is_public: false,
  model_id: 'gpt-4o',
  owner_id: 'u1',
  members: [
    {
      name: 'Workflow Architect',
      role: 'Designs the workflow',
      type: 'agent',
      agent_config: { tools: [{ type: 'mcp', server_ids: ['github'] }] },
    },
    { name: 'Helper', type: 'agent' },
    { name: 'Sub Team', type: 'team' },
  ],
  config: { mode: 'coordinate' },
} as unknown as Team;

const github: ServerRequirement = {
  id: 'github',
  name: 'GitHub',
  description: 'Repositories',
  requires_credentials: true,
  credential_fields: [
    { key: 'GITHUB_TOKEN', name: 'Personal access token', type: 'token', placeholder: 'ghp_…', required: true },
  ],
} as ServerRequirement;

const session = (id: string, name: string | null): ChatSession => ({
  session_id: id,
  session_name: name,
  team_id: TEAM,
  created_at: '2026-11-20T10:00:00Z',
  last_updated: '2026-11-21T15:30:00Z',
});

interface Serve {
  teamResponse?: () => Response | Promise<Response>;
  sessions?: ChatSession[];
  credentials?: UserCredential[];
}

function serve({ teamResponse = () => apiJson({ data: team }), sessions = [], credentials = [] }: Serve = {}) {
  const calls: string[] = [];
  let saved = credentials;
  server.use(
    http.get(apiUrl('/credits/balance'), () => apiJson(balance(100))),
    http.get(apiUrl('/credits/status'), () => apiJson(balance(100))),
    http.get(apiUrl(`/teams/${TEAM}`), () => teamResponse()),
    http.get(apiUrl(`/teams/${TEAM}/sessions`), ({ request }) => {
      calls.push(`sessions ${new URL(request.url).search}`);
      return apiJson({ data: { total: sessions.length, sessions } });
    }),
    http.get(apiUrl('/credentials/mcp/servers'), () => apiJson({ data: { servers: [github] } })),
    http.get(apiUrl('/credentials/mcp'), () => apiJson({ data: { credentials: saved } })),
    http.post(apiUrl('/credentials/mcp'), async ({ request }) => {
      const body = (await request.json()) as { mcp_server_id: string };
      const created = {
        id: 'c1',
        mcp_server_id: body.mcp_server_id,
        server_name: 'GitHub',
        configured_fields: { GITHUB_TOKEN: '••••' },
      };
      saved = [created];
      return apiJson({ data: created });
    }),
  );
  return calls;
}

/**
 * A team response held back until released, so it arrives once the page is up. The chat route's loader asks for the
 * team before the page mounts, and RTK Query asks again for a page that mounts on a failed answer.
 */
function heldBack(respond: () => Response) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    respond: async () => {
      await released;
      return respond();
    },
    release,
  };
}

const open = (route = CHAT) => renderApp(route, { preloadedState: signedInState(alice) });

describe('the team chat screen', () => {
  it('shows a spinner while the team loads, then the sidebar and the empty chat', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const calls = serve({
      sessions: [session('s1', null), session('s2', 'A very long session name that needs a tooltip')],
      teamResponse: async () => {
        await answered;
        return apiJson({ data: team });
      },
    });
    open();
    expect(await screen.findByText('Loading team…')).toBeInTheDocument();
    answer();
    const sidebar = await screen.findByRole('complementary', { name: 'Team sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'New Chat' })).toHaveAttribute('href', CHAT);
    expect(within(sidebar).getByText('WA')).toBeInTheDocument();
    expect(screen.getByText('Build a workflow by describing it')).toBeInTheDocument();

    const recent = await within(sidebar).findByRole('region', { name: 'Recent Sessions' });
    expect(within(recent).getByText('Recent Sessions (2)')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: /Chat session \(Nov 20, 2026/ })).toHaveAttribute(
      'href',
      `${CHAT}?session=s1`,
    );
    expect(within(recent).getAllByText(/^Updated Nov 21, 2026/)).toHaveLength(2);
    expect(calls).toContain('sessions ?limit=50&offset=0');

    const members = within(sidebar).getByRole('region', { name: 'Team Members' });
    expect(within(members).getByText('Team Members (3)')).toBeInTheDocument();
    expect(within(members).getByText('Designs the workflow')).toBeInTheDocument();
    expect(within(members).getByText('Agent')).toBeInTheDocument();
    expect(within(members).getByText('Team')).toBeInTheDocument();

    const config = within(sidebar).getByRole('region', { name: 'Team Configuration' });
    expect(within(config).getByText('coordinate')).toBeInTheDocument();
    expect(within(config).getByText('Private Team')).toBeInTheDocument();
    expect(within(config).getByText('Builds n8n workflows')).toBeInTheDocument();
  });

  it('leaves Recent Sessions out when there are none', async () => {
    serve();
    open();
    await screen.findByRole('region', { name: 'Team Members' });
    expect(screen.queryByRole('region', { name: 'Recent Sessions' })).not.toBeInTheDocument();
  });

  it('shows the server message on a card with a way back to /teams when the team fails to load', async () => {
    const held = heldBack(() => apiJson({ detail: 'Team is archived' }, { status: 403 }));
    serve({ teamResponse: held.respond });
    open();
    expect(await screen.findByText('Loading team…')).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('Error loading team')).toBeInTheDocument();
    expect(screen.getByText('Team is archived')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Teams' })).toHaveAttribute('href', '/teams');
  });

  it('falls back to "Team not found or you do not have access to it." without a server message', async () => {
    const held = heldBack(() => new HttpResponse(null, { status: 404 }));
    serve({ teamResponse: held.respond });
    open();
    expect(await screen.findByText('Loading team…')).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('Team not found or you do not have access to it.')).toBeInTheDocument();
  });

  it('home-team mode greets with "What kind of team do you need?", sidebar closed and no credentials prompt', async () => {
    serve();
    const { store } = open(`${CHAT}?isHomeTeam=true`);
    expect(await screen.findByText('What kind of team do you need?')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Team sidebar' })).not.toBeInTheDocument();
    expect(store.getState().layout.sidebarOpen).toBe(false);
    expect(screen.queryByRole('button', { name: 'Click to enter your credentials' })).not.toBeInTheDocument();
  });

  it('treats ?session=undefined as no session', async () => {
    serve();
    const { store } = open(`${CHAT}?session=undefined`);
    expect(await screen.findByText('Build a workflow by describing it')).toBeInTheDocument();
    expect(store.getState().chat.sessionId).toBeNull();
  });

  it('opens a session from ?session= through its stored history', async () => {
    serve();
    server.use(
      http.get(apiUrl('/teams/sessions/s9/messages'), () =>
        apiJson({
          data: {
            session: session('s9', 'Old chat'),
            team_context: {},
            total: 2,
            messages: [
              { role: 'user', content: 'Make a Slack bot', created_at: '2026-11-21T10:00:00Z' },
              { role: 'assistant', content: 'Here is your bot', created_at: '2026-11-21T10:00:05Z' },
            ],
          },
        }),
      ),
    );
    const { store } = open(`${CHAT}?session=s9`);
    await waitFor(() =>
      expect(Object.values(store.getState().chat.messages.entities).map((m) => m?.content)).toEqual([
        'Make a Slack bot',
        'Here is your bot',
      ]),
    );
    expect(store.getState().chat.sessionId).toBe('s9');
  });

  it('asks for missing MCP credentials and stops asking once they are saved', async () => {
    serve();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Click to enter your credentials' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Personal access token/), 'ghp_secret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Credentials saved successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Click to enter your credentials' })).not.toBeInTheDocument(),
    );
  });

  it('names the servers by their display names and can be dismissed for the rest of the session', async () => {
    serve();
    try {
      const first = open();
      expect(await screen.findByText(/GitHub needs your credentials\./)).toBeInTheDocument();
      await first.user.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('button', { name: 'Click to enter your credentials' })).not.toBeInTheDocument();
      first.unmount();
      open();
      await screen.findByText('Build a workflow by describing it');
      await new Promise((r) => setTimeout(r, 100));
      expect(screen.queryByText(/needs your credentials/)).not.toBeInTheDocument();
    } finally {
      sessionStorage.clear();
    }
  });

  it('says "Failed to check your MCP credentials" when the check fails', async () => {
    serve();
    server.use(http.get(apiUrl('/credentials/mcp'), () => apiJson({ detail: 'boom' }, { status: 500 })));
    open();
    expect(
      await screen.findByText('Failed to check your MCP credentials', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }, 15_000);
});

describe('team actions', () => {
  it("gives the team's owner Edit Team in the team card's menu", async () => {
    serve();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit Team' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Team Configuration' })).toBeInTheDocument();
  });

  it("gives the team's owner Edit agent on agent members and Upload knowledge on every member", async () => {
    serve();
    server.use(http.get(apiUrl('/knowledge/bases'), () => apiJson({ data: { total: 0, knowledge_bases: [] } })));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Upload knowledge for Sub Team' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Knowledge for Sub Team' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit agent Sub Team' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit agent Workflow Architect', hidden: true })).toBeInTheDocument();
  });

  it('clones the team after confirmation and opens the clone', async () => {
    serve();
    let cloned = false;
    server.use(
      http.post(apiUrl(`/teams/${TEAM}/clone`), () => {
        cloned = true;
        return apiJson({ data: { ...team, id: 'clone-1' } });
      }),
    );
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Clone Team' }));
    expect(screen.getByText('Are you sure you want to clone this team?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Team cloned successfully!')).toBeInTheDocument();
    expect(cloned).toBe(true);
    // The clone is not the configured team, so its chat leads back through / to the configured one.
    await waitFor(() => expect(router.state.location.pathname).toBe(CHAT));
  });

  it('says "Failed to clone team." when the clone fails, and Cancel clones nothing', async () => {
    serve();
    let calls = 0;
    server.use(
      http.post(apiUrl(`/teams/${TEAM}/clone`), () => {
        calls += 1;
        return apiJson({ detail: 'nope' }, { status: 500 });
      }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Clone Team' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Clone Team' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to clone team.')).toBeInTheDocument();
  });

  it('deletes the team after confirmation and goes to /teams', async () => {
    serve();
    server.use(http.delete(apiUrl(`/teams/${TEAM}`), () => apiJson({ data: { deleted: true } })));
    const { user, router } = open();
    const seen: string[] = [];
    router.subscribe((state) => seen.push(state.location.pathname));
    await user.click(await screen.findByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Team' }));
    expect(
      screen.getByText('This action is irreversible. Are you sure you want to delete this team?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Team deleted successfully')).toBeInTheDocument();
    expect(seen).toContain('/teams');
  });

  it('says "Failed to delete team" when the delete fails', async () => {
    serve();
    server.use(http.delete(apiUrl(`/teams/${TEAM}`), () => apiJson({ detail: 'no' }, { status: 403 })));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Team' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete team')).toBeInTheDocument();
  });
});

describe('the sidebar', () => {
  it('starts closed on a screen narrower than 640 px', async () => {
    serve();
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
    try {
      const { store } = open();
      await screen.findByText('Build a workflow by describing it');
      expect(store.getState().layout.sidebarOpen).toBe(false);
      expect(screen.queryByRole('complementary', { name: 'Team sidebar' })).not.toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  it('below 640 px opens over the chat from the header toggle and closes when a session is chosen', async () => {
    serve({ sessions: [session('s1', 'Morning digest')] });
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      const { user, store } = open();
      await screen.findByText('Build a workflow by describing it');
      await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
      const overlay = await screen.findByRole('presentation');
      const sidebar = within(overlay).getByRole('complementary', { name: 'Team sidebar' });
      await user.click(await within(sidebar).findByRole('link', { name: /Morning digest/ }));
      await waitFor(() => expect(store.getState().layout.sidebarOpen).toBe(false));
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  it('shows a long session name in a tooltip', async () => {
    const long = 'A very long session name that needs a tooltip';
    serve({ sessions: [session('s2', long)] });
    const { user } = open();
    await user.hover(await screen.findByRole('link', { name: new RegExp(long) }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
  });

  it('renames a session through PATCH and deletes one through DELETE after confirmation', async () => {
    let sessions = [session('s1', 'Old name'), session('s2', 'Keep me')];
    const calls: unknown[] = [];
    serve();
    server.use(
      http.get(apiUrl(`/teams/${TEAM}/sessions`), () => apiJson({ data: { total: sessions.length, sessions } })),
      http.patch(apiUrl('/teams/sessions/s1'), async ({ request }) => {
        const body = (await request.json()) as { session_name: string };
        calls.push(['PATCH', body]);
        sessions = sessions.map((x) => (x.session_id === 's1' ? { ...x, session_name: body.session_name } : x));
        return apiJson({ data: sessions[0] });
      }),
      http.delete(apiUrl('/teams/sessions/s1'), () => {
        calls.push(['DELETE', 's1']);
        sessions = sessions.filter((x) => x.session_id !== 's1');
        return apiJson({ data: { deleted: true } });
      }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Session actions for Old name' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const name = screen.getByLabelText('Session name');
    await user.clear(name);
    await user.type(name, 'New name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: /New name/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Session actions for New name' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /New name/ })).not.toBeInTheDocument());
    expect(screen.getByText('Recent Sessions (1)')).toBeInTheDocument();
    expect(calls).toEqual([
      ['PATCH', { session_name: 'New name' }],
      ['DELETE', 's1'],
    ]);
  });
});
