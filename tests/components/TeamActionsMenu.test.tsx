import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../utils/apiShape';
import type { Team } from '../../contract/types';
import { api } from '../../src/services/api';
import { EditTeamDialog } from '../../src/features/teamEditor/components/EditTeamDialog';
import { TeamActionsMenu } from '../../src/features/teams/components/TeamActionsMenu';
import { alice } from '../utils/fixtures';
import { apiUrl, server, useMswServer } from '../utils/msw';
import { renderWithProviders, signedInState } from '../utils/renderWithProviders';

useMswServer();

const team = {
  id: 't1',
  name: 'Automation',
  is_public: false,
  model_id: 'gpt-4o',
  members: [],
  config: { mode: 'coordinate' },
};

function renderMenu(ownerId: string | null) {
  server.use(http.get(apiUrl('/teams/t1'), () => apiJson({ data: { ...team, owner_id: ownerId } as unknown as Team })));
  return renderWithProviders(<TeamActionsMenu teamId="t1" editDialog={EditTeamDialog} />, {
    preloadedState: signedInState(alice),
  });
}

describe('team actions menu', () => {
  it('the owner sees Edit Team, Clone Team and Delete Team', async () => {
    const { user } = renderMenu(alice.id);
    await user.click(screen.getByRole('button', { name: 'Team actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Team' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Clone Team' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete Team' })).toBeInTheDocument();
  });

  it.each([
    ['another user', 'u9'],
    ['nobody', null],
  ])('when %s owns the team only Clone Team is offered', async (_who, ownerId) => {
    const { user, store } = renderMenu(ownerId);
    await waitFor(() => expect(api.endpoints.getTeam.select('t1')(store.getState()).isSuccess).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Team actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Clone Team' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit Team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete Team' })).not.toBeInTheDocument();
  });
});
