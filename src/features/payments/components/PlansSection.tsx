// Not subscribed: choose a monthly plan (the first is preselected) and press Subscribe Now.
import { useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCreateSubscriptionSessionMutation, useGetPlansQuery } from '../../../services/api';
import { checkoutReturnUrls } from '../checkout';
import { useCheckoutRedirect } from '../hooks/useCheckoutRedirect';
import { formatUsd, PAYMENT_ERRORS } from '../paymentTexts';
import { OptionList } from './OptionList';

export function PlansSection({ onError }: { onError: (message: string | null) => void }) {
  const { data: plans, isLoading, isError } = useGetPlansQuery();
  const [createSession, { isLoading: creating }] = useCreateSubscriptionSessionMutation();
  const { redirecting, start } = useCheckoutRedirect(onError);
  const [chosen, setChosen] = useState<string | null>(null);

  const options = Object.entries(plans ?? {}).map(([id, plan]) => ({
    id,
    title: plan.name,
    price: `${formatUsd(plan.price_usd)} / month`,
    detail: `${plan.credits_per_cycle.toLocaleString('en-US')} credits every month`,
    description: plan.description,
  }));
  const selected = chosen ?? options[0]?.id ?? '';
  const busy = creating || redirecting;

  const subscribe = () =>
    start(() => createSession({ price_id: selected, ...checkoutReturnUrls() }).unwrap(), PAYMENT_ERRORS.subscribe);

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Choose a plan
          </Typography>
          <Typography color="text.secondary">
            Plans are billed monthly and renew automatically. Cancel any time.
          </Typography>
          {isLoading && <Typography role="status">Loading plans…</Typography>}
          {isError && <Typography color="error">{PAYMENT_ERRORS.plans}</Typography>}
          {options.length > 0 && (
            <OptionList
              label="Subscription plans"
              options={options}
              value={selected}
              onChange={setChosen}
              disabled={busy}
            />
          )}
          <Button variant="contained" size="large" onClick={() => void subscribe()} disabled={busy || !selected}>
            {redirecting ? 'Redirecting...' : 'Subscribe Now'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
