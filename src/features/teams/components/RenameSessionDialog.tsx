// Renames a session through PATCH /teams/sessions/{id}.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useRenameSessionMutation } from '../../../services/api';
import type { ChatSession } from '../../../services/contract';
import { sessionIdOf } from './sessionLabels';

/** Mount with a `key` per session so the field starts from its name. */
export function RenameSessionDialog({ session, onClose }: { session: ChatSession; onClose: () => void }) {
  const [name, setName] = useState(session.session_name ?? session.name ?? '');
  const [rename, { isLoading, isError }] = useRenameSessionMutation();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await rename({ id: sessionIdOf(session), session_name: name.trim() }).unwrap();
      onClose();
    } catch {
      // The alert below says so; the dialog stays open to try again.
    }
  };
  return (
    <Dialog
      open
      onClose={isLoading ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="rename-session-title"
    >
      <form onSubmit={(e) => void save(e)}>
        <DialogTitle id="rename-session-title">Rename session</DialogTitle>
        <DialogContent>
          {isError && <Alert severity="error">Failed to rename the session</Alert>}
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
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || name.trim() === ''}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
