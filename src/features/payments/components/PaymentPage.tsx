// /payment: subscribe, cancel, or (subscribers) buy credit packages; errors of any step show at the top.
import { useState } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGetBalanceQuery, useGetSubscriptionStatusQuery } from '../../../services/api';
import { PageLoading } from '../../../components/PageLoading';
import { PAYMENT_ERRORS } from '../paymentTexts';
import { installPaymentsModule } from '../paymentsModule';
import { cancellationNoticeDismissed, selectCancellationTimedOut } from '../paymentsSlice';
import { PackagesSection } from './PackagesSection';
import { PlansSection } from './PlansSection';
import { SubscriptionCard } from './SubscriptionCard';

installPaymentsModule();

export function PaymentPage() {
  const dispatch = useAppDispatch();
  const status = useGetSubscriptionStatusQuery();
  const { data: balance } = useGetBalanceQuery();
  const [error, setError] = useState<string | null>(null);
  const timedOut = useAppSelector(selectCancellationTimedOut);
  const subscribed = status.data?.is_subscribed === true;
  const details = status.data?.subscription_details ?? null;
  const notice = error ?? (timedOut ? PAYMENT_ERRORS.cancelTimeout : null);
  const shownError = notice ?? (status.isError && !status.data ? PAYMENT_ERRORS.status : null);
  const dismiss = () => (error ? setError(null) : dispatch(cancellationNoticeDismissed()));

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', width: '100%', p: { xs: 2, md: 4 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1">
            Manage Credits
          </Typography>
          {balance && (
            <Typography color="text.secondary">
              Current balance: {balance.available_credits.toLocaleString('en-US')} credits
            </Typography>
          )}
        </Box>
        {shownError && (
          <Alert severity="error" onClose={notice ? dismiss : undefined}>
            {shownError}
          </Alert>
        )}
        {status.isLoading && <PageLoading label="Checking your subscription…" />}
        {status.data && !subscribed && <PlansSection onError={setError} />}
        {subscribed && details && <SubscriptionCard details={details} onError={setError} />}
        {subscribed && <PackagesSection onError={setError} />}
      </Stack>
    </Box>
  );
}
