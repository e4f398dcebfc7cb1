import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiJson } from '../../utils/apiShape';
import type { Team, TeamUpdatePayload } from '../../../contract/types';
import { api } from '../../../src/services/api';
import { MemberActions } from '../../../src/app/routes/teamChat/MemberActions';
import { TeamMembers } from '../../../src/features/teams/components/TeamMembers';
import { EditTeamDialog } from '../../../src/features/teamEditor/components/EditTeamDialog';
import { alice } from '../../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../../utils/msw';
import { renderWithProviders, signedInState } from '../../utils/renderWithProviders';

useMswServer();

const members = [
  { name: 'Planner', type: 'agent' },
  { name: 'Sub Team', type: 'team' },
];
const team = {
  id: 't1',
  name: 'Automation',
  description: 'Builds workflows',
  is_public: false,
  model_id: 'gpt-4o',
  owner_id: 'u1',
  members,
  config: { mode: 'coordinate', instructions: ['Lead', 'Delegate'], members },
} as unknown as Team;

function renderMembers(ownerId: string | null) {
  server.use(http.get(apiUrl('/teams/t1'), () => apiJson({ data: { ...team, owner_id: ownerId } })));
  return renderWithProviders(null, {
    preloadedState: signedInState(alice),
    route: '/teams/t1/chat',
    routes: [{ path: '/teams/:teamId/chat', element: <TeamMembers members={members} memberActions={MemberActions} /> }],
  });
}

describe('owner-only member buttons', () => {
  it('the owner sees edit on agent members and upload knowledge on every member', async () => {
    renderMembers('u1');
    expect(await screen.findByRole('button', { name: 'Edit agent Planner' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit agent Sub Team' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload knowledge for Planner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload knowledge for Sub Team' })).toBeInTheDocument();
  });

  it('someone else sees neither button', async () => {
    const { store } = renderMembers('u9');
    await waitFor(() => expect(api.endpoints.getTeam.select('t1')(store.getState()).isSuccess).toBe(true));
    expect(screen.getByText('Planner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload knowledge/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit agent/ })).not.toBeInTheDocument();
  });

  it('the edit button opens Edit Agent titled with the member', async () => {
    const { user } = renderMembers('u1');
    await user.click(await screen.findByRole('button', { name: 'Edit agent Planner' }));
    expect(await screen.findByRole('heading', { name: 'Edit Agent: Planner' })).toBeInTheDocument();
  });
});

describe('Edit Team Configuration dialog', () => {
  function open(respond: () => Response = () => apiJson({ data: team })) {
    const bodies: TeamUpdatePayload[] = [];
    server.use(
      http.put(apiUrl('/teams/t1'), async ({ request }) => {
        bodies.push((await request.json()) as TeamUpdatePayload);
        return respond();
      }),
    );
    const onClose = jest.fn();
    return { ...renderWithProviders(<EditTeamDialog team={team} onClose={onClose} />), onClose, bodies };
  }

  it('shows both sections with the team config defaults and normalised instructions', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Team Configuration' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Instructions' })).toHaveValue('Lead\nDelegate');
    expect(screen.getByRole('switch', { name: 'Markdown' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Telemetry' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Monitoring' })).not.toBeChecked();
  });

  it('shows History Runs only when team history is on, clamped to 1–10', async () => {
    const { user } = open();
    expect(screen.queryByRole('spinbutton', { name: 'History Runs' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Team History' }));
    const runs = screen.getByRole('spinbutton', { name: 'History Runs' });
    expect(runs).toHaveValue(3);
    await user.clear(runs);
    await user.type(runs, '0');
    await user.tab();
    expect(runs).toHaveValue(1);
  });

  it('team providers exclude groq', async () => {
    const { user } = open();
    await user.click(screen.getByRole('combobox', { name: 'Model Provider' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['openai', 'anthropic', 'google', 'meta']);
  });

  it('saves the whole form and toasts "Team configuration updated successfully!"', async () => {
    const { user, bodies } = open();
    await user.click(screen.getByRole('switch', { name: 'Debug Mode' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Team configuration updated successfully!')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      name: 'Automation',
      description: 'Builds workflows',
      config: {
        mode: 'coordinate',
        debug_mode: true,
        instructions: 'Lead\nDelegate',
        num_history_runs: 3,
        telemetry: true,
        members,
      },
    });
  });

  it('shows the server message when the save is refused', async () => {
    const { user } = open(() => errorResponse(403, 'Only the team owner can edit this team'));
    await user.click(screen.getByRole('switch', { name: 'Debug Mode' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Only the team owner can edit this team')).toBeInTheDocument();
  });

  it('falls back to "Failed to update team configuration"', async () => {
    const { user } = open(() => new HttpResponse(null, { status: 500 }));
    await user.click(screen.getByRole('switch', { name: 'Debug Mode' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update team configuration')).toBeInTheDocument();
  });

  it('Discard Changes closes without saving', async () => {
    const { user, onClose, bodies } = open();
    await user.click(screen.getByRole('switch', { name: 'Debug Mode' }));
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard Changes' }));
    expect(onClose).toHaveBeenCalled();
    expect(bodies).toHaveLength(0);
  });
});
