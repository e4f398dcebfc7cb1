// "Click to enter your credentials" when the team's MCP servers lack saved credentials; opens the credentials dialog.
import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { Team } from '../../../services/contract';
import { CredentialDialog } from '../../credentials/components/CredentialDialog';
import { credentialAction } from '../../credentials/credentialAction';
import { useMissingCredentials } from '../hooks/useMissingCredentials';

export const CREDENTIALS_SAVED = 'Credentials saved successfully!';

export function CredentialsPrompt({ team }: { team: Team }) {
  const { missing, saved } = useMissingCredentials(team, true);
  const [open, setOpen] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const server = missing[0];
  if (!server) return null;
  return (
    <>
      <Alert
        severity="warning"
        sx={{ mx: 2, mt: 1 }}
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            Click to enter your credentials
          </Button>
        }
      >
        {missing.map((s) => s.name).join(', ')} need{missing.length === 1 ? 's' : ''} your credentials.
      </Alert>
      {open && (
        <CredentialDialog
          key={server.id}
          action={credentialAction(server, saved.find((c) => c.mcp_server_id === server.id))}
          onClose={() => setOpen(false)}
          onSaved={() => enqueueSnackbar(CREDENTIALS_SAVED, { variant: 'success' })}
        />
      )}
    </>
  );
}
