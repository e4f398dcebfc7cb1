// /login: the Sign In card with "Continue with" the identity provider (Google, or the local provider) and a wallet.
import { Alert, Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { Navigate, useLocation } from 'react-router';
import { APP_NAME, GOOGLE_CLIENT_ID } from '../../../config/env';
import { useAppSelector } from '../../../app/hooks';
import { selectAuthError, selectAuthLoading, selectIsAuthenticated } from '../authSelectors';
import { afterLoginTarget } from '../returnPath';
import { injectedWallet } from '../wallet';
import { GoogleSignIn } from './GoogleSignIn';
import { LocalSignInForm } from './LocalSignInForm';
import { WalletSignIn } from './WalletSignIn';

export function LoginPage() {
  const { search } = useLocation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const isLoading = useAppSelector(selectAuthLoading);
  const error = useAppSelector(selectAuthError);

  if (signedIn && !isLoading) return <Navigate to={afterLoginTarget(search)} replace />;

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }} variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              Sign In
            </Typography>
            <Typography color="text.secondary">Sign in to {APP_NAME} to chat with your agent team.</Typography>
            {isLoading && (
              <Alert severity="info" role="status">
                Signing in...
              </Alert>
            )}
            {error && !isLoading && <Alert severity="error">{error}</Alert>}
            {GOOGLE_CLIENT_ID ? <GoogleSignIn clientId={GOOGLE_CLIENT_ID} /> : <LocalSignInForm />}
            {injectedWallet() && (
              <>
                <Divider>or</Divider>
                <WalletSignIn />
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
