// Edit Team Configuration: sends the whole form; the saved snapshot is refreshed from the server's reply.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useUpdateTeamMutation } from '../../../services/api';
import type { Team } from '../../../../contract/types';
import { useEditSession } from '../hooks/useEditSession';
import { teamFormFromTeam, teamSavePayload, type TeamForm } from '../teamForm';
import { TeamFields } from './TeamFields';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const TEAM_SAVE_TEXT = {
  success: 'Team configuration updated successfully!',
  failure: 'Failed to update team configuration',
} as const;

/** Mounted only while open, so every opening starts from the stored team. */
export function EditTeamDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const [updateTeam] = useUpdateTeamMutation();
  const session = useEditSession<TeamForm>({
    initial: teamFormFromTeam(team),
    save: async (form) => teamFormFromTeam(await updateTeam({ id: team.id, ...teamSavePayload(team, form) }).unwrap()),
    onClose,
    successText: TEAM_SAVE_TEXT.success,
    failureText: TEAM_SAVE_TEXT.failure,
  });

  return (
    <Dialog open onClose={session.requestClose} fullWidth maxWidth="md" aria-labelledby="edit-team-title">
      <DialogTitle id="edit-team-title">Edit Team Configuration</DialogTitle>
      <DialogContent dividers>
        {session.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {session.error}
          </Alert>
        )}
        <TeamFields form={session.working} onChange={(patch) => session.setWorking((f) => ({ ...f, ...patch }))} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={session.saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void session.submit()} disabled={session.saving || !session.dirty}>
          {session.saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
      <UnsavedChangesDialog {...session.unsaved} />
    </Dialog>
  );
}
