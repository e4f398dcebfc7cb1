// /profile: who you are, your balance, account details, saved credentials (what the page passes in), admin tools,
// history and Sign Out.
import type { ReactNode } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { GradientAvatar } from '../../../components/GradientAvatar';
import { useNavigate } from 'react-router';
import { GOOGLE_CLIENT_ID } from '../../../config/env';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageLoading } from '../../../components/PageLoading';
import type { User } from '../../../../contract/types';
import { signedOut } from '../../auth/authActions';
import { selectCurrentUser } from '../../auth/authSelectors';
import { AdminTools } from './AdminTools';
import { BalanceCard } from './BalanceCard';
import { ProfileCard } from './ProfileCard';
import { TransactionHistory } from './TransactionHistory';

function accountType(user: User): string {
  if (user.google_id) return GOOGLE_CLIENT_ID ? 'Google' : 'Local identity provider';
  if (user.wallet_address) return 'Crypto wallet';
  return 'Unknown';
}

interface ProfilePageProps {
  credentials: ReactNode;
  /** "Report a problem" (every user). */
  reportProblem?: ReactNode;
  /** The reports users sent (admins, in admin mode). */
  supportReports?: ReactNode;
}

export function ProfilePage({ credentials, reportProblem, supportReports }: ProfilePageProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  if (!user) return <PageLoading />;

  const signOut = () => {
    dispatch(signedOut('user'));
    void navigate('/login');
  };

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%', p: { xs: 2, md: 4 } }}>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <GradientAvatar seed={user.username} src={user.picture} size={64}>
            {(user.name || user.username || 'U').charAt(0).toUpperCase()}
          </GradientAvatar>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography
                variant="h4"
                component="h1"
                sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}
              >
                {user.name}
              </Typography>
              {user.is_admin && <Chip label="Admin" color="warning" size="small" />}
            </Stack>
            <Typography color="text.secondary">{user.email}</Typography>
          </Box>
        </Stack>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <BalanceCard />
          <ProfileCard title="Account Information">
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 1,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0 },
              }}
            >
              <dt>Username</dt>
              <dd>{user.username}</dd>
              <dt>Email</dt>
              <dd>{user.email ?? '—'}</dd>
              <dt>Account type</dt>
              <dd>{accountType(user)}</dd>
            </Box>
          </ProfileCard>
        </Box>
        <ProfileCard title="Tool Credentials">{credentials}</ProfileCard>
        {user.is_admin && <AdminTools>{supportReports}</AdminTools>}
        <TransactionHistory />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" color="error" onClick={signOut}>
            Sign Out
          </Button>
          {reportProblem}
        </Stack>
      </Stack>
    </Box>
  );
}
