// The team card's menu: Clone Team for everyone; Edit Team (when the page supplies the editor) and Delete Team for the
// team's owner only (SPEC §6). Its dialogs open at the page's dialog host, so they outlive the sidebar.
import { useState, type ComponentType, type ReactNode } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { useHostedDialog } from '../../../components/DialogHost';
import { useAppSelector } from '../../../app/hooks';
import { useGetTeamQuery } from '../../../services/api';
import type { Team } from '../../../../contract/types';
import { selectCurrentUser } from '../../auth/authSelectors';
import { CloneTeamDialog } from './CloneTeamDialog';
import { DeleteTeamDialog } from './DeleteTeamDialog';

/** The team editor, mounted while open. */
export type EditTeamDialogComponent = ComponentType<{ team: Team; onClose: () => void }>;

interface TeamActionsMenuProps {
  teamId: string;
  editDialog?: EditTeamDialogComponent;
}

export function TeamActionsMenu({ teamId, editDialog: EditDialog }: TeamActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dialog = useHostedDialog();
  const { data: team } = useGetTeamQuery(teamId);
  const userId = useAppSelector(selectCurrentUser)?.id;
  const isOwner = Boolean(team?.owner_id && team.owner_id === userId);

  const open = (render: (close: () => void) => ReactNode) => {
    setAnchor(null);
    dialog.open(render);
  };
  const edit = () => {
    if (team && EditDialog) open((close) => <EditDialog team={team} onClose={close} />);
  };

  return (
    <>
      <IconButton size="small" aria-label="Team actions" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreHorizIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {isOwner && EditDialog && <MenuItem onClick={edit}>Edit Team</MenuItem>}
        <MenuItem onClick={() => open((close) => <CloneTeamDialog teamId={teamId} onClose={close} />)}>
          Clone Team
        </MenuItem>
        {isOwner && (
          <MenuItem
            onClick={() => open((close) => <DeleteTeamDialog teamId={teamId} onClose={close} />)}
            sx={{ color: 'error.main' }}
          >
            Delete Team
          </MenuItem>
        )}
      </Menu>
      {dialog.element}
    </>
  );
}
