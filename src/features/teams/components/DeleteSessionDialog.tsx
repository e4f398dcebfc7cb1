// Delete session's confirmation; it deletes through its own hooks, since it is opened at the page's dialog host and
// may outlive the sidebar that opened it.
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { ChatSession } from '../../../../contract/types';
import { useSessionEdits } from '../hooks/useSessionEdits';

interface DeleteSessionDialogProps {
  teamId: string;
  /** The open session: deleting it goes to a new chat. */
  currentSessionId: string | null;
  session: ChatSession;
  onClose: () => void;
}

export function DeleteSessionDialog({ teamId, currentSessionId, session, onClose }: DeleteSessionDialogProps) {
  const { remove } = useSessionEdits(teamId, currentSessionId);
  return (
    <ConfirmDialog
      open
      title="Delete session"
      text="This conversation will be deleted. Are you sure?"
      confirmLabel="Delete"
      destructive
      onConfirm={() => {
        void remove(session);
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
