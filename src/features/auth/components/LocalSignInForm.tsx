// Sign-in through the reference server's local identity provider: a name and email become an ID token for the normal login.
import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mui/material';
import { OutlinedField } from '../../../components/OutlinedField';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuthLoading } from '../authSelectors';
import { signInWithLocalProvider } from '../authThunks';

export function LocalSignInForm() {
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector(selectAuthLoading);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(signInWithLocalProvider({ email: email.trim(), name: name.trim() || email.split('@')[0] || 'User' }));
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Sign in with the local identity provider">
      <OutlinedField label="Name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      <OutlinedField
        label="Email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="email"
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {isLoading ? 'Signing in...' : 'Continue with Local Sign-In'}
      </Button>
    </Stack>
  );
}
