// Credits balance with a refresh button and a Manage Credits link.
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Link as RouterLink } from 'react-router';
import { formatCredits } from '../../../components/formatCredits';
import { useGetBalanceQuery } from '../../../services/api';
import { ProfileCard } from './ProfileCard';

export function BalanceCard() {
  const { data, isLoading, isFetching, isError, refetch } = useGetBalanceQuery();
  return (
    <ProfileCard
      title="Credits"
      action={
        <Tooltip title="Refresh balance">
          <span>
            <IconButton aria-label="Refresh balance" onClick={() => void refetch()} disabled={isFetching}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      }
    >
      <Stack spacing={1}>
        <Typography variant="h4" component="p" data-testid="profile-balance">
          {formatCredits(data?.available_credits, isLoading)}
        </Typography>
        <Typography color="text.secondary">
          available credits
          {data ? `, of which ${data.subscription_credits.toLocaleString('en-US')} from your subscription` : ''}
        </Typography>
        {isError && <Typography color="error">Failed to fetch credit balance</Typography>}
        <Button component={RouterLink} to="/payment" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          Manage Credits
        </Button>
      </Stack>
    </ProfileCard>
  );
}
