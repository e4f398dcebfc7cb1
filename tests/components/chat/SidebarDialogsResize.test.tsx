// The sidebar's dialogs when the window crosses 640 px: the sidebar closes (and remounts in another form), the dialog
// it opened stays open with what was typed, and its action still works.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../../utils/apiShape';
import type { ChatSession, Team } from '../../../contract/types';
import { alice, balance } from '../../utils/fixtures';
import { apiUrl, server, useMswServer } from '../../utils/msw';
import { renderApp } from '../../utils/renderApp';
import { signedInState } from '../../utils/renderWithProviders';

useMswServer();

const TEAM = '6650f0c2a1b2c3d4e5f60718';
const team = {
  id: TEAM,
  name: 'Workflow Automation Team',
  is_public: false,
  model_id: 'gpt-4o',
  owner_id: alice.id,
  members: [{ name: 'Workflow Architect', type: 'agent' }],
  config: { mode: 'coordinate' },
} as unknown as Team;
const session: ChatSession = {
  session_id: 's1',
  session_name: 'Morning digest',
  team_id: TEAM,
  created_at: '2026-11-20T10:00:00Z',
  last_updated: '2026-11-21T15:30:00Z',
};

/** What the page asked the server to change. */
function serve(): string[] {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/credits/balance'), () => apiJson(balance(100))),
    http.get(apiUrl('/credits/status'), () => apiJson(balance(100))),
    http.get(apiUrl(`/teams/${TEAM}`), () => apiJson({ data: team })),
    http.get(apiUrl(`/teams/${TEAM}/sessions`), () => apiJson({ data: { total: 1, sessions: [session] } })),
    http.get(apiUrl('/credentials/mcp/servers'), () => apiJson({ data: { servers: [] } })),
    http.get(apiUrl('/credentials/mcp'), () => apiJson({ data: { credentials: [] } })),
    http.patch(apiUrl('/teams/sessions/s1'), async ({ request }) => {
      calls.push(`PATCH ${JSON.stringify(await request.json())}`);
      return apiJson({ data: session });
    }),
    http.delete(apiUrl('/teams/sessions/s1'), () => {
      calls.push('DELETE session');
      return apiJson({ data: { deleted: true } });
    }),
    http.post(apiUrl(`/teams/${TEAM}/clone`), () => {
      calls.push('clone');
      return apiJson({ data: { ...team, id: 'clone-1' } });
    }),
    http.delete(apiUrl(`/teams/${TEAM}`), () => {
      calls.push('DELETE team');
      return apiJson({ data: { deleted: true } });
    }),
  );
  return calls;
}

const desktopWidth = window.innerWidth;
/** jsdom has no media queries: the page follows the window's width through resize events. */
function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => resizeTo(desktopWidth));

async function openPage() {
  const rendered = renderApp(`/teams/${TEAM}/chat`, { preloadedState: signedInState(alice) });
  // The first page of the file also loads the chat route's lazy modules: under a loaded CI machine that alone has
  // taken longer than the default wait.
  await screen.findByRole('complementary', { name: 'Team sidebar' }, { timeout: 15_000 });
  return rendered;
}

/** Narrows the window below 640 px: the sidebar closes, as SPEC §2 asks. */
async function narrowBelow640(store: { getState(): { layout: { sidebarOpen: boolean } } }) {
  resizeTo(390);
  await waitFor(() => expect(store.getState().layout.sidebarOpen).toBe(false));
  expect(screen.queryByRole('complementary', { name: 'Team sidebar' })).not.toBeInTheDocument();
}

describe('the sidebar when the window crosses 640 px', () => {
  it('stays open through a passing narrow reading, and closes when the window stays narrow', async () => {
    serve();
    const { store } = await openPage();
    // A resize dragged across the line and back (or a full-page capture resetting the viewport): nothing closes.
    resizeTo(390);
    resizeTo(desktopWidth);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(store.getState().layout.sidebarOpen).toBe(true);
    expect(screen.getByRole('complementary', { name: 'Team sidebar' })).toBeInTheDocument();
    await narrowBelow640(store);
  });
});

describe('dialogs opened from the sidebar when the window crosses 640 px', () => {
  it('Edit Team Configuration keeps what was typed and still asks about unsaved changes', async () => {
    serve();
    const { user, store } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team Configuration' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Typed before narrowing');
    await narrowBelow640(store);
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Typed before narrowing');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('You have unsaved changes. What would you like to do?')).toBeInTheDocument();
  });

  it('Rename session keeps the typed name and saves it', async () => {
    const calls = serve();
    const { user, store } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Session actions for Morning digest' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const name = screen.getByRole('textbox', { name: 'Session name' });
    await user.clear(name);
    await user.type(name, 'Evening digest');
    await narrowBelow640(store);
    expect(screen.getByRole('textbox', { name: 'Session name' })).toHaveValue('Evening digest');
    resizeTo(desktopWidth);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toEqual(['PATCH {"session_name":"Evening digest"}']));
    expect(screen.queryByRole('dialog', { name: 'Rename session' })).not.toBeInTheDocument();
  });

  it("Delete session's confirmation stays open and deletes", async () => {
    const calls = serve();
    const { user, store } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Session actions for Morning digest' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await narrowBelow640(store);
    const dialog = screen.getByRole('dialog', { name: 'Delete session' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toEqual(['DELETE session']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("Clone Team's confirmation stays open and clones", async () => {
    const calls = serve();
    const { user, store } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Clone Team' }));
    await narrowBelow640(store);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Clone Team' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Team cloned successfully!')).toBeInTheDocument();
    expect(calls).toEqual(['clone']);
  });

  it("Delete Team's confirmation stays open, deletes and goes to /teams", async () => {
    const calls = serve();
    const { user, store, router } = await openPage();
    const seen: string[] = [];
    router.subscribe((state) => seen.push(state.location.pathname));
    await user.click(screen.getByRole('button', { name: 'Team actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Team' }));
    await narrowBelow640(store);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Team' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Team deleted successfully')).toBeInTheDocument();
    expect(calls).toEqual(['DELETE team']);
    expect(seen).toContain('/teams');
  });
});
