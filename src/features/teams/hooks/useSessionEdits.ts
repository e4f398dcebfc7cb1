// Renaming and deleting a session from Recent Sessions: the list changes at once (the API edits its cache first); a
// refusal puts the list back and says so in a toast.
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { useNavigate } from 'react-router';
import { useDeleteSessionMutation, useRenameSessionMutation } from '../../../services/api';
import type { ChatSession } from '../../../../contract/types';
import { sessionIdOf } from '../components/sessionLabels';

const RENAME_FAILED = 'Failed to rename the session';
const DELETE_FAILED = 'Failed to delete the session';

export function useSessionEdits(teamId: string, currentSessionId: string | null) {
  const [renameSession] = useRenameSessionMutation();
  const [deleteSession] = useDeleteSessionMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();

  const rename = async (session: ChatSession, name: string) => {
    try {
      await renameSession({ id: sessionIdOf(session), session_name: name }).unwrap();
    } catch {
      enqueueSnackbar(RENAME_FAILED, { variant: 'error' });
    }
  };

  const remove = async (session: ChatSession) => {
    const id = sessionIdOf(session);
    try {
      await deleteSession(id).unwrap();
      // Only once it is gone: a refused delete leaves the user in the session.
      if (id === currentSessionId) void navigate(`/teams/${encodeURIComponent(teamId)}/chat`, { replace: true });
    } catch {
      enqueueSnackbar(DELETE_FAILED, { variant: 'error' });
    }
  };

  return { rename, remove };
}
