// Clone Team's confirmation: clones, says so and opens the clone's chat. It clones through its own hooks, since it is
// opened at the page's dialog host and may outlive the sidebar that opened it.
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { useCloneTeamMutation } from '../../../services/api';

const CLONE_TEXT = {
  title: 'Clone Team',
  text: 'Are you sure you want to clone this team?',
  cloned: 'Team cloned successfully!',
  failed: 'Failed to clone team.',
} as const;

export function CloneTeamDialog({ teamId, onClose }: { teamId: string; onClose: () => void }) {
  const [cloneTeam, cloning] = useCloneTeamMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const clone = async () => {
    try {
      const team = await cloneTeam(teamId).unwrap();
      onClose();
      enqueueSnackbar(CLONE_TEXT.cloned, { variant: 'success' });
      void navigate(`/teams/${encodeURIComponent(team._id ?? team.id)}/chat`);
    } catch {
      enqueueSnackbar(CLONE_TEXT.failed, { variant: 'error' });
    }
  };
  return (
    <ConfirmDialog
      open
      title={CLONE_TEXT.title}
      text={CLONE_TEXT.text}
      confirmLabel="Confirm"
      busy={cloning.isLoading}
      onConfirm={() => void clone()}
      onCancel={onClose}
    />
  );
}
