// The new name for a session; saving closes the dialog at once (the list shows the name while the server is asked).
// It renames through its own hooks: it is opened at the page's dialog host and may outlive the sidebar that opened it.
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { ChatSession } from '../../../../contract/types';
import { useSessionEdits } from '../hooks/useSessionEdits';

interface RenameSessionDialogProps {
  teamId: string;
  session: ChatSession;
  onClose: () => void;
}

/** Mount with a `key` per session so the field starts from its name. */
export function RenameSessionDialog({ teamId, session, onClose }: RenameSessionDialogProps) {
  const [name, setName] = useState(session.session_name ?? session.name ?? '');
  const { rename } = useSessionEdits(teamId, null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    void rename(session, name.trim());
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="rename-session-title">
      <form onSubmit={save}>
        <DialogTitle id="rename-session-title">Rename session</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label="Session name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={name.trim() === ''}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
