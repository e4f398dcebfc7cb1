// Snapshot and working copy of an edit dialog (SPEC §4): dirty tracking, saving with toast or inline error,
// and the Unsaved Changes choices when the dialog is closed with edits pending.
import { useState } from 'react';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { errorMessage } from '../../../services/apiErrors';
import { isDirty } from '../teamForm';

interface EditSessionOptions<F> {
  initial: F;
  /** Persists the form; resolves with the new snapshot, rejects with the API error. */
  save: (form: F) => Promise<F>;
  onClose: () => void;
  successText: string;
  failureText: string;
}

export function useEditSession<F>({ initial, save, onClose, successText, failureText }: EditSessionOptions<F>) {
  const [snapshot, setSnapshot] = useState(initial);
  const [working, setWorking] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const dirty = isDirty(snapshot, working);

  const submit = async (): Promise<boolean> => {
    setSaving(true);
    setError(null);
    try {
      const saved = await save(working);
      setSnapshot(saved);
      setWorking(saved);
      enqueueSnackbar(successText, { variant: 'success' });
      return true;
    } catch (e) {
      setError(errorMessage(e, failureText));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const requestClose = () => {
    if (saving) return;
    if (dirty) setConfirming(true);
    else onClose();
  };

  const unsaved = {
    open: confirming,
    saving,
    onSave: () => {
      void submit().then((ok) => {
        setConfirming(false);
        if (ok) onClose();
      });
    },
    onKeepEditing: () => setConfirming(false),
    onDiscard: () => {
      setWorking(snapshot);
      setConfirming(false);
      onClose();
    },
  };

  return { working, setWorking, dirty, saving, error, submit, requestClose, unsaved };
}
