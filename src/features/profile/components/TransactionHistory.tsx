// Transaction history, 5 per page with Load More.
import { Box, Button, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { formatTransactionDate } from '../../../components/dates';
import { useGetTransactionsInfiniteQuery } from '../../../services/api';
import { ProfileCard } from './ProfileCard';

const PROFILE_PAGE_SIZE = 5;
const HISTORY_ERROR = 'Failed to load transaction history';

export function TransactionHistory() {
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetTransactionsInfiniteQuery({
    limit: PROFILE_PAGE_SIZE,
  });
  const transactions = data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <ProfileCard title="Transaction History">
      {isLoading && <Typography role="status">Loading transactions…</Typography>}
      {isError && transactions.length === 0 && <Typography color="error">{HISTORY_ERROR}</Typography>}
      {!isLoading && !isError && transactions.length === 0 && (
        <Typography color="text.secondary">No transactions found</Typography>
      )}
      {transactions.length > 0 && (
        <List disablePadding aria-label="Transactions">
          {transactions.map((t) => (
            <ListItem key={t.id} divider sx={{ px: 0, gap: 2 }}>
              <ListItemText
                primary={t.description}
                secondary={formatTransactionDate(t.created_at)}
                // A long tool name in a description wraps instead of running under the type chip on a phone.
                sx={{ minWidth: 0 }}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              <Chip size="small" label={t.transaction_type.replace(/_/g, ' ')} variant="outlined" />
              <Typography
                sx={{
                  minWidth: { xs: 40, sm: 72 },
                  textAlign: 'right',
                  fontWeight: 600,
                  color: t.amount >= 0 ? 'success.main' : 'error.main',
                }}
              >
                {t.amount >= 0 ? '+' : ''}
                {t.amount.toLocaleString('en-US')}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      {hasNextPage && (
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
        </Box>
      )}
    </ProfileCard>
  );
}
