// Edit Agent: titled with the agent name; saves the team config with this member merged at its index.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useUpdateTeamMutation } from '../../../services/api';
import type { Team } from '../../../../contract/types';
import { agentFormFromMember, agentSavePayload, teamMembers, type AgentForm } from '../agentForm';
import { useEditSession } from '../hooks/useEditSession';
import { AgentFields } from './AgentFields';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const AGENT_SAVE_TEXT = {
  success: 'Agent configuration updated successfully!',
  failure: 'Failed to update agent configuration',
} as const;

interface EditAgentDialogProps {
  team: Team;
  memberIndex: number;
  onClose: () => void;
}

/** Mounted only while open, so every opening starts from the stored member. */
export function EditAgentDialog({ team, memberIndex, onClose }: EditAgentDialogProps) {
  const member = teamMembers(team)[memberIndex];
  const [updateTeam] = useUpdateTeamMutation();
  const session = useEditSession<AgentForm>({
    initial: agentFormFromMember(member ?? { name: '' }),
    save: async (form) => {
      await updateTeam({ id: team.id, ...agentSavePayload(team, memberIndex, form) }).unwrap();
      return form;
    },
    onClose,
    successText: AGENT_SAVE_TEXT.success,
    failureText: AGENT_SAVE_TEXT.failure,
  });
  const { working, setWorking } = session;

  return (
    <Dialog open onClose={session.requestClose} fullWidth maxWidth="md" aria-labelledby="edit-agent-title">
      <DialogTitle id="edit-agent-title">Edit Agent: {member?.agent_config?.name || member?.name}</DialogTitle>
      <DialogContent dividers>
        {session.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {session.error}
          </Alert>
        )}
        <AgentFields form={working} onChange={(patch) => setWorking((f) => ({ ...f, ...patch }))} />
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
