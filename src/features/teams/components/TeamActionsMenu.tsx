// The team card's menu: Clone Team for everyone; Edit Team (when the page supplies the editor) and Delete Team for the
// team's owner only (SPEC §6). The editor opens at the page's dialog host, so it outlives the sidebar.
import { useState, type ComponentType } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useHostedDialog } from '../../../components/DialogHost';
import { useAppSelector } from '../../../app/hooks';
import { useCloneTeamMutation, useDeleteTeamMutation, useGetTeamQuery } from '../../../services/api';
import type { Team } from '../../../services/contract';
import { selectCurrentUser } from '../../auth/authSelectors';

/** The team editor, mounted while open. */
export type EditTeamDialogComponent = ComponentType<{ team: Team; onClose: () => void }>;

const TEAM_ACTION_TEXT = {
  cloneTitle: 'Clone Team',
  cloneText: 'Are you sure you want to clone this team?',
  cloned: 'Team cloned successfully!',
  cloneFailed: 'Failed to clone team.',
  deleteTitle: 'Delete Team',
  deleteText: 'This action is irreversible. Are you sure you want to delete this team?',
  deleted: 'Team deleted successfully',
  deleteFailed: 'Failed to delete team',
} as const;

interface TeamActionsMenuProps {
  teamId: string;
  editDialog?: EditTeamDialogComponent;
}

export function TeamActionsMenu({ teamId, editDialog: EditDialog }: TeamActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'clone' | 'delete' | null>(null);
  const editor = useHostedDialog();
  const { data: team } = useGetTeamQuery(teamId);
  const userId = useAppSelector(selectCurrentUser)?.id;
  const isOwner = Boolean(team?.owner_id && team.owner_id === userId);
  const [cloneTeam, cloning] = useCloneTeamMutation();
  const [deleteTeam, deleting] = useDeleteTeamMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const T = TEAM_ACTION_TEXT;

  const open = (which: 'clone' | 'delete') => {
    setAnchor(null);
    setDialog(which);
  };
  const edit = () => {
    setAnchor(null);
    if (team && EditDialog) editor.open((close) => <EditDialog team={team} onClose={close} />);
  };
  const clone = async () => {
    try {
      const team = await cloneTeam(teamId).unwrap();
      setDialog(null);
      enqueueSnackbar(T.cloned, { variant: 'success' });
      void navigate(`/teams/${encodeURIComponent(team._id ?? team.id)}/chat`);
    } catch {
      enqueueSnackbar(T.cloneFailed, { variant: 'error' });
    }
  };
  const remove = async () => {
    try {
      await deleteTeam(teamId).unwrap();
      setDialog(null);
      enqueueSnackbar(T.deleted, { variant: 'success' });
      void navigate('/teams');
    } catch {
      enqueueSnackbar(T.deleteFailed, { variant: 'error' });
    }
  };

  return (
    <>
      <IconButton size="small" aria-label="Team actions" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreHorizIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {isOwner && EditDialog && <MenuItem onClick={edit}>Edit Team</MenuItem>}
        <MenuItem onClick={() => open('clone')}>Clone Team</MenuItem>
        {isOwner && (
          <MenuItem onClick={() => open('delete')} sx={{ color: 'error.main' }}>
            Delete Team
          </MenuItem>
        )}
      </Menu>
      {editor.element}
      <ConfirmDialog
        open={dialog === 'clone'}
        title={T.cloneTitle}
        text={T.cloneText}
        confirmLabel="Confirm"
        busy={cloning.isLoading}
        onConfirm={() => void clone()}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={T.deleteTitle}
        text={T.deleteText}
        confirmLabel="Delete"
        busy={deleting.isLoading}
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
