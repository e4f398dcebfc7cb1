// Upload a .pdf or .txt into a new or existing knowledge base and attach that base to a team member.
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import {
  useAttachMemberKnowledgeMutation,
  useCreateKnowledgeBaseMutation,
  useGetKnowledgeBasesQuery,
  useUploadDocumentMutation,
} from '../../../services/api';
import { errorMessage } from '../../../services/apiErrors';
import type { TeamMember } from '../../../../contract/types';
import { collectionName, isSupportedKnowledgeFile, KNOWLEDGE_TEXT } from '../knowledgeRules';

interface KnowledgeUploadDialogProps {
  open: boolean;
  teamId: string;
  member: TeamMember;
  memberIndex: number;
  onClose: () => void;
}

export function KnowledgeUploadDialog({ open, teamId, member, memberIndex, onClose }: KnowledgeUploadDialogProps) {
  const agentName = member.agent_config?.name || member.name;
  const [source, setSource] = useState<'new' | 'existing'>('new');
  const [kbId, setKbId] = useState('');
  const [name, setName] = useState(`${agentName} Knowledge`);
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const bases = useGetKnowledgeBasesQuery(undefined, { skip: !open });
  const [createBase] = useCreateKnowledgeBaseMutation();
  const [uploadDocument] = useUploadDocumentMutation();
  const [attach] = useAttachMemberKnowledgeMutation();
  const { enqueueSnackbar } = useSnackbar();

  const close = () => {
    setSource('new');
    setKbId('');
    setName(`${agentName} Knowledge`);
    setDescription('');
    setFile(null);
    setError(null);
    setDone(false);
    onClose();
  };
  const pick = (picked: File | undefined) => {
    setFile(null);
    if (!picked) return;
    if (!isSupportedKnowledgeFile(picked.name)) {
      setError(KNOWLEDGE_TEXT.unsupported);
      return;
    }
    setError(null);
    setFile(picked);
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const id =
        source === 'existing'
          ? kbId
          : (
              await createBase({
                name: name.trim(),
                description,
                vector_db: { collection: collectionName(agentName) },
              }).unwrap()
            ).id;
      await uploadDocument({ kbId: id, file }).unwrap();
      await attach({ teamId, memberIndex, kbId: id }).unwrap();
      setDone(true);
      enqueueSnackbar(KNOWLEDGE_TEXT.uploaded, { variant: 'success' });
    } catch (e) {
      setError(errorMessage(e, KNOWLEDGE_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };
  const ready = file !== null && (source === 'existing' ? kbId !== '' : name.trim() !== '');

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="knowledge-upload-title"
    >
      <DialogTitle id="knowledge-upload-title">Upload Knowledge for {agentName}</DialogTitle>
      <DialogContent>
        {done ? (
          <Alert severity="success">{KNOWLEDGE_TEXT.uploaded}</Alert>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={source}
              onChange={(_e, v: 'new' | 'existing' | null) => v && setSource(v)}
              aria-label="Knowledge base"
            >
              <ToggleButton value="new">Create new</ToggleButton>
              <ToggleButton value="existing">Use existing</ToggleButton>
            </ToggleButtonGroup>
            {source === 'new' ? (
              <>
                <TextField
                  label="Knowledge base name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  size="small"
                />
                <TextField
                  label="Description"
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  size="small"
                  multiline
                  minRows={2}
                />
              </>
            ) : (
              <TextField
                select
                label="Knowledge base"
                value={kbId}
                onChange={(e) => setKbId(e.target.value)}
                size="small"
              >
                {(bases.data?.knowledge_bases ?? []).map((kb) => (
                  <MenuItem key={kb.id} value={kb.id}>
                    {kb.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button variant="outlined" component="label">
              Choose file (.pdf or .txt)
              <input
                hidden
                type="file"
                accept=".pdf,.txt"
                aria-label="Knowledge file"
                onChange={(e) => pick(e.target.files?.[0])}
              />
            </Button>
            {file && <Typography variant="body2">{file.name}</Typography>}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {done ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void upload()} disabled={!ready || busy}>
              {busy ? 'Uploading...' : 'Upload'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
