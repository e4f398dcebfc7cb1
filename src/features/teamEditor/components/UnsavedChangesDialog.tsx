// Asks what to do with unsaved edits when an edit dialog is closed: Save and Exit, Keep Editing or Discard Changes.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

const UNSAVED_TEXT = 'You have unsaved changes. What would you like to do?';

interface UnsavedChangesDialogProps {
  open: boolean;
  saving: boolean;
  onSave: () => void;
  onKeepEditing: () => void;
  onDiscard: () => void;
}

export function UnsavedChangesDialog({ open, saving, onSave, onKeepEditing, onDiscard }: UnsavedChangesDialogProps) {
  return (
    <Dialog open={open} onClose={saving ? undefined : onKeepEditing} aria-labelledby="unsaved-changes-title">
      <DialogTitle id="unsaved-changes-title">Unsaved Changes</DialogTitle>
      <DialogContent>
        <DialogContentText>{UNSAVED_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onDiscard} disabled={saving}>
          Discard Changes
        </Button>
        <Button variant="outlined" onClick={onKeepEditing} disabled={saving}>
          Keep Editing
        </Button>
        <Button variant="contained" onClick={onSave} disabled={saving}>
          {saving ? 'Saving...' : 'Save and Exit'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
