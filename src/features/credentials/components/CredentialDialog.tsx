// Credential setup dialog: one field per requirement, token fields masked; Save → "Saving" → close.
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useCreateCredentialMutation, useUpdateCredentialMutation } from '../../../services/api';
import type { CredentialAction } from '../credentialAction';

const SAVE_ERROR = 'Failed to save credentials';

interface CredentialDialogProps {
  action: CredentialAction;
  onClose: () => void;
  onSaved?: () => void;
}

/** Mount with a `key` per action so the form starts from that action's values. */
export function CredentialDialog({ action, onClose, onSaved }: CredentialDialogProps) {
  const [values, setValues] = useState<Record<string, string>>(action.existingValues);
  const [error, setError] = useState<string | null>(null);
  const [create, createState] = useCreateCredentialMutation();
  const [update, updateState] = useUpdateCredentialMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const missing = action.requiredFields.some((f) => f.required !== false && !(values[f.key] ?? '').trim());

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const credentials = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    try {
      if (action.credentialId) await update({ id: action.credentialId, credentials, is_active: true }).unwrap();
      else await create({ mcp_server_id: action.serverId, credentials }).unwrap();
      onSaved?.();
      onClose();
    } catch {
      setError(SAVE_ERROR);
    }
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="credential-dialog-title"
    >
      <form onSubmit={(e) => void save(e)}>
        <DialogTitle id="credential-dialog-title">{action.serverName} credentials</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {action.description && <DialogContentText>{action.description}</DialogContentText>}
            {error && <Alert severity="error">{error}</Alert>}
            {action.requiredFields.map((field) => (
              <TextField
                key={field.key}
                label={field.name}
                type={field.type === 'token' ? 'password' : field.type === 'url' ? 'url' : 'text'}
                autoComplete="off"
                required={field.required !== false}
                placeholder={field.placeholder}
                helperText={field.description}
                value={values[field.key] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
                disabled={saving}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving || missing}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
