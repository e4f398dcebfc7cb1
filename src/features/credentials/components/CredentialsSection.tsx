// The user's saved MCP credentials: one card each with Update and Delete, and adding one for a server that needs it.
import { useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  useDeleteCredentialMutation,
  useGetCredentialServersQuery,
  useGetCredentialsQuery,
} from '../../../services/api';
import type { UserCredential } from '../../../../contract/types';
import { credentialAction, type CredentialAction } from '../credentialAction';
import { CredentialCard } from './CredentialCard';
import { CredentialDialog } from './CredentialDialog';

const DELETE_ERROR = 'Failed to delete credential';

export function CredentialsSection() {
  const { data: credentials = [], isLoading } = useGetCredentialsQuery();
  const { data: servers = [] } = useGetCredentialServersQuery();
  const [remove, { isLoading: deleting }] = useDeleteCredentialMutation();
  const [editing, setEditing] = useState<CredentialAction | null>(null);
  const [toDelete, setToDelete] = useState<UserCredential | null>(null);
  const [newServerId, setNewServerId] = useState('');
  const [error, setError] = useState<string | null>(null);

  const unconfigured = servers.filter(
    (s) => s.requires_credentials && !credentials.some((c) => c.mcp_server_id === s.id),
  );
  const serverOf = (c: UserCredential) => servers.find((s) => s.id === c.mcp_server_id);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setError(null);
    try {
      await remove(toDelete.id).unwrap();
      setToDelete(null);
    } catch {
      setToDelete(null);
      setError(DELETE_ERROR);
    }
  };

  const add = () => {
    const server = servers.find((s) => s.id === newServerId);
    if (server) setEditing(credentialAction(server));
  };

  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      {isLoading && <Typography role="status">Loading credentials…</Typography>}
      {!isLoading && credentials.length === 0 && (
        <Typography color="text.secondary">No saved credentials yet.</Typography>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {credentials.map((c) => (
          <CredentialCard
            key={c.id}
            credential={c}
            fields={serverOf(c)?.credential_fields}
            onUpdate={() => {
              const server = serverOf(c);
              if (server) setEditing(credentialAction(server, c));
            }}
            onDelete={() => setToDelete(c)}
          />
        ))}
      </Box>
      {unconfigured.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label="Tool server"
            value={newServerId}
            onChange={(e) => setNewServerId(e.target.value)}
            sx={{ minWidth: 220 }}
          >
            {unconfigured.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={add} disabled={!newServerId}>
            Add Credentials
          </Button>
        </Stack>
      )}
      {editing && (
        <CredentialDialog
          key={`${editing.serverId}-${editing.credentialId ?? 'new'}`}
          action={editing}
          onClose={() => setEditing(null)}
          onSaved={() => setNewServerId('')}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Credential"
        text={`Delete the saved credentials for ${toDelete?.server_name ?? 'this server'}? Tools of this server will stop working until you add them again.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
