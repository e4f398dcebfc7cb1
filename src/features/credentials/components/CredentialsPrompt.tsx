// "Click to enter your credentials" when the team's MCP servers lack saved credentials; opens the credentials dialog.
// It sits above the messages (never over them), names the servers by their display names, and can be dismissed for
// the rest of the browser session.
import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import type { Team } from '../../../../contract/types';
import { credentialAction } from '../credentialAction';
import { useMissingCredentials } from '../hooks/useMissingCredentials';

// Loaded when the user opens it: the form's fields are not part of the chat's first screen.
const CredentialDialog = lazy(() => import('./CredentialDialog').then((m) => ({ default: m.CredentialDialog })));

const CREDENTIALS_SAVED = 'Credentials saved successfully!';
const DISMISSED_KEY = 'credentials-prompt-dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function CredentialsPrompt({ team }: { team: Team }) {
  const { missing, saved } = useMissingCredentials(team, true);
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(wasDismissed);
  const { enqueueSnackbar } = useSnackbar();
  const server = missing[0];
  if (!server) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Storage blocked: dismissed for this page view only.
    }
  };
  return (
    <>
      {!dismissed && (
        <Alert severity="warning" onClose={dismiss} closeText="Dismiss" sx={{ mx: 2, mt: 1, py: 0 }}>
          {missing.map((s) => s.name).join(', ')} need{missing.length === 1 ? 's' : ''} your credentials.
          <Box>
            <Button
              color="inherit"
              size="small"
              onClick={() => setOpen(true)}
              sx={{ ml: -0.5, textDecoration: 'underline' }}
            >
              Click to enter your credentials
            </Button>
          </Box>
        </Alert>
      )}
      {open && (
        <Suspense fallback={null}>
          <CredentialDialog
            key={server.id}
            action={credentialAction(
              server,
              saved.find((c) => c.mcp_server_id === server.id),
            )}
            onClose={() => setOpen(false)}
            onSaved={() => enqueueSnackbar(CREDENTIALS_SAVED, { variant: 'success' })}
          />
        </Suspense>
      )}
    </>
  );
}
