// "Continue with Google" through the Google Identity Services script; its ID token goes through the normal login.
import { useEffect, useRef, useState } from 'react';
import { Alert, Box } from '@mui/material';
import { useAppDispatch } from '../../../app/hooks';
import { signInWithIdToken } from '../authThunks';

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const WIDGET_ERROR = 'Google login failed. Please try again.';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

function loadScript(): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`);
  if (existing && (window as { google?: GoogleIdentity }).google) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('load failed')));
    if (!existing) {
      script.src = SCRIPT_URL;
      script.async = true;
      document.head.appendChild(script);
    }
  });
}

export function GoogleSignIn({ clientId }: { clientId: string }) {
  const dispatch = useAppDispatch();
  const buttonRef = useRef<HTMLDivElement>(null);
  const [widgetError, setWidgetError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    loadScript()
      .then(() => {
        const google = (window as { google?: GoogleIdentity }).google;
        if (!active || !google || !buttonRef.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            if (!credential) {
              setWidgetError(WIDGET_ERROR);
              return;
            }
            setWidgetError(null);
            void dispatch(signInWithIdToken(credential));
          },
        });
        google.accounts.id.renderButton(buttonRef.current, { text: 'continue_with', size: 'large', width: 320 });
      })
      .catch(() => console.error('Google OAuth script failed to load'));
    return () => {
      active = false;
    };
  }, [clientId, dispatch]);

  return (
    <Box>
      {widgetError && <Alert severity="error">{widgetError}</Alert>}
      <Box ref={buttonRef} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />
    </Box>
  );
}
