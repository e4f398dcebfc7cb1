// "Continue with Wallet" for an injected wallet; a new wallet registers with a username and email first.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { OutlinedField } from '../../../components/OutlinedField';
import { APP_NAME } from '../../../config/env';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuthLoading } from '../authSelectors';
import { registerWithWallet, signInWithWallet } from '../authThunks';
import { injectedWallet, signWithWallet } from '../wallet';
import { api } from '../../../services/api';
import { errorMessage } from '../../../services/apiErrors';

export function WalletSignIn() {
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector(selectAuthLoading);
  const [needsAccount, setNeedsAccount] = useState(false);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [walletError, setWalletError] = useState<string | null>(null);

  const sign = async () => {
    const provider = injectedWallet();
    if (!provider) return null;
    try {
      setWalletError(null);
      const { nonce } = await dispatch(api.endpoints.walletNonce.initiate()).unwrap();
      return await signWithWallet(provider, APP_NAME, nonce);
    } catch (error) {
      setWalletError(error instanceof Error ? error.message : errorMessage(error, 'Wallet login failed'));
      return null;
    }
  };

  const login = async () => {
    const signed = await sign();
    if (!signed) return;
    const result = await dispatch(signInWithWallet(signed));
    if (signInWithWallet.rejected.match(result) && result.payload?.code === 'user_not_found') setNeedsAccount(true);
  };

  const register = async (event: FormEvent) => {
    event.preventDefault();
    // Signatures are single-use, so registration signs a fresh message.
    const signed = await sign();
    if (signed) await dispatch(registerWithWallet({ ...signed, username: username.trim(), email: email.trim() }));
  };

  if (!needsAccount) {
    return (
      <Stack spacing={1}>
        {walletError && <Alert severity="error">{walletError}</Alert>}
        <Button variant="outlined" size="large" onClick={() => void login()} disabled={isLoading}>
          Continue with Wallet
        </Button>
      </Stack>
    );
  }
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => void register(e)}
      aria-label="Create an account for this wallet"
    >
      {walletError && <Alert severity="error">{walletError}</Alert>}
      <Alert severity="info">This wallet has no account yet. Choose a username and email to create one.</Alert>
      <OutlinedField label="Username" required value={username} onChange={(e) => setUsername(e.target.value)} />
      <OutlinedField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Button type="submit" variant="contained" disabled={isLoading || !username.trim() || !email.trim()}>
        Create account with Wallet
      </Button>
    </Stack>
  );
}
