// Subscribed: the plan and renewal date with the Cancel Subscription flow, or the "Subscription Canceled" panel.
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { formatLongDate } from '../../../components/dates';
import type { SubscriptionDetails } from '../../../../contract/types';
import { CancelSubscription } from './CancelSubscription';

export function SubscriptionCard({
  details,
  onError,
}: {
  details: SubscriptionDetails;
  onError: (message: string | null) => void;
}) {
  const endDate = formatLongDate(details.current_period_end);

  if (details.cancel_at_period_end) {
    return (
      <Alert severity="warning" variant="outlined" role="region" aria-label="Subscription Canceled">
        <Typography variant="h6" component="h2">
          Subscription Canceled
        </Typography>
        <Typography>
          Your {details.plan_details.name} plan stays active until {endDate || 'the end of the current period'}. It will
          not renew and you will not be charged again.
        </Typography>
      </Alert>
    );
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            Your subscription
          </Typography>
          <Typography>
            {details.plan_details.name} plan
            {details.plan_details.credits_per_cycle !== undefined &&
              `, ${details.plan_details.credits_per_cycle.toLocaleString('en-US')} credits per month`}
            .{endDate && ` Renews on ${endDate}.`}
          </Typography>
          <CancelSubscription onError={onError} />
        </Stack>
      </CardContent>
    </Card>
  );
}
