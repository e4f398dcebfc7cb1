import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../../utils/apiShape';
import type { ChatSession, Team } from '../../../contract/types';
import { alice, balance } from '../../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../../utils/msw';
import { renderApp } from '../../utils/renderApp';
import { signedInState } from '../../utils/renderWithProviders';

useMswServer();

const TEAM = '6650f0c2a1b2c3d4e5f60718';
const team = {
  id: TEAM,
  name: 'Workflow Automation Team',
  is_public: false,
  owner_id: 'u1',
  members: [],
  config: { mode: 'coordinate' },
} as unknown as Team;

const session = (id: string, name: string): ChatSession => ({
  session_id: id,
  session_name: name,
  team_id: TEAM,
  created_at: '2026-11-20T10:00:00Z',
  last_updated: '2026-11-21T15:30:00Z',
});

/** The server's answer to the edit waits until the test opens the gate. */
function serve(sessions: () => ChatSession[], edit: ReturnType<typeof http.patch>) {
  server.use(
    http.get(apiUrl('/credits/balance'), () => apiJson(balance(100))),
    http.get(apiUrl('/credits/status'), () => apiJson(balance(100))),
    http.get(apiUrl(`/teams/${TEAM}`), () => apiJson({ data: team })),
    http.get(apiUrl(`/teams/${TEAM}/sessions`), () =>
      apiJson({ data: { total: sessions().length, sessions: sessions() } }),
    ),
    http.get(apiUrl('/credentials/mcp/servers'), () => apiJson({ data: { servers: [] } })),
    http.get(apiUrl('/credentials/mcp'), () => apiJson({ data: { credentials: [] } })),
    edit,
  );
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened, answered: false };
}

async function openSidebar() {
  const view = renderApp(`/teams/${TEAM}/chat`, { preloadedState: signedInState(alice) });
  // The first page of the file also loads the chat route's lazy modules, which on a loaded CI machine has taken
  // longer than the default wait.
  const recent = await screen.findByRole('region', { name: 'Recent Sessions' }, { timeout: 15_000 });
  await within(recent).findByRole('link', { name: /Old name/ });
  return { ...view, recent };
}

async function rename(user: Awaited<ReturnType<typeof openSidebar>>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: 'Session actions for Old name' }));
  await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
  const field = screen.getByLabelText('Session name');
  await user.clear(field);
  await user.type(field, name);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

async function deleteOldName(user: Awaited<ReturnType<typeof openSidebar>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Session actions for Old name' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
}

describe('renaming a session in Recent Sessions', () => {
  it('shows the new name before the server answers', async () => {
    const answer = gate();
    let sessions = [session('s1', 'Old name'), session('s2', 'Keep me')];
    serve(
      () => sessions,
      http.patch(apiUrl('/teams/sessions/s1'), async () => {
        await answer.opened;
        sessions = [session('s1', 'New name'), sessions[1]!];
        answer.answered = true;
        return apiJson({ data: sessions[0] });
      }),
    );
    const { user, recent } = await openSidebar();
    await rename(user, 'New name');

    expect(await within(recent).findByRole('link', { name: /New name/ })).toBeInTheDocument();
    expect(within(recent).queryByRole('link', { name: /Old name/ })).not.toBeInTheDocument();
    answer.open();
    await waitFor(() => expect(answer.answered).toBe(true));
    expect(within(recent).getByRole('link', { name: /New name/ })).toBeInTheDocument();
  });

  it('puts the old name back and says "Failed to rename the session" when the server refuses', async () => {
    const answer = gate();
    serve(
      () => [session('s1', 'Old name')],
      http.patch(apiUrl('/teams/sessions/s1'), async () => {
        await answer.opened;
        return errorResponse(500, 'Database unavailable');
      }),
    );
    const { user, recent } = await openSidebar();
    await rename(user, 'New name');
    expect(await within(recent).findByRole('link', { name: /New name/ })).toBeInTheDocument();

    answer.open();
    expect(await screen.findByText('Failed to rename the session')).toBeInTheDocument();
    expect(await within(recent).findByRole('link', { name: /Old name/ })).toBeInTheDocument();
    expect(within(recent).queryByRole('link', { name: /New name/ })).not.toBeInTheDocument();
  });
});

describe('deleting a session in Recent Sessions', () => {
  it('takes it out of the list before the server answers', async () => {
    const answer = gate();
    let sessions = [session('s1', 'Old name'), session('s2', 'Keep me')];
    serve(
      () => sessions,
      http.delete(apiUrl('/teams/sessions/s1'), async () => {
        await answer.opened;
        sessions = sessions.slice(1);
        answer.answered = true;
        return apiJson({ data: { deleted: true } });
      }),
    );
    const { user, recent } = await openSidebar();
    await deleteOldName(user);

    await waitFor(() => expect(within(recent).queryByRole('link', { name: /Old name/ })).not.toBeInTheDocument());
    expect(within(recent).getByText('Recent Sessions (1)')).toBeInTheDocument();
    answer.open();
    await waitFor(() => expect(answer.answered).toBe(true));
    expect(within(recent).queryByRole('link', { name: /Old name/ })).not.toBeInTheDocument();
  });

  it('brings it back and says "Failed to delete the session" when the server refuses', async () => {
    const answer = gate();
    serve(
      () => [session('s1', 'Old name'), session('s2', 'Keep me')],
      http.delete(apiUrl('/teams/sessions/s1'), async () => {
        await answer.opened;
        return errorResponse(403, 'Not yours');
      }),
    );
    const { user, recent } = await openSidebar();
    await deleteOldName(user);
    await waitFor(() => expect(within(recent).queryByRole('link', { name: /Old name/ })).not.toBeInTheDocument());

    answer.open();
    expect(await screen.findByText('Failed to delete the session')).toBeInTheDocument();
    expect(await within(recent).findByRole('link', { name: /Old name/ })).toBeInTheDocument();
    expect(within(recent).getByText('Recent Sessions (2)')).toBeInTheDocument();
  });
});
