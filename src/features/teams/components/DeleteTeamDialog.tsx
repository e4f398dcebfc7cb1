// Delete Team's confirmation: deletes, says so and goes to /teams. It deletes through its own hooks, since it is
// opened at the page's dialog host and may outlive the sidebar that opened it.
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { useDeleteTeamMutation } from '../../../services/api';

const DELETE_TEXT = {
  title: 'Delete Team',
  text: 'This action is irreversible. Are you sure you want to delete this team?',
  deleted: 'Team deleted successfully',
  failed: 'Failed to delete team',
} as const;

export function DeleteTeamDialog({ teamId, onClose }: { teamId: string; onClose: () => void }) {
  const [deleteTeam, deleting] = useDeleteTeamMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const remove = async () => {
    try {
      await deleteTeam(teamId).unwrap();
      onClose();
      enqueueSnackbar(DELETE_TEXT.deleted, { variant: 'success' });
      void navigate('/teams');
    } catch {
      enqueueSnackbar(DELETE_TEXT.failed, { variant: 'error' });
    }
  };
  return (
    <ConfirmDialog
      open
      title={DELETE_TEXT.title}
      text={DELETE_TEXT.text}
      confirmLabel="Delete"
      busy={deleting.isLoading}
      destructive
      onConfirm={() => void remove()}
      onCancel={onClose}
    />
  );
}
