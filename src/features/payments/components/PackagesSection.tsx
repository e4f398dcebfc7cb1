// Subscribers only: choose a credit package (the first is preselected) and press Proceed to Payment.
import { useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCreateCheckoutSessionMutation, useGetPackagesQuery } from '../../../services/api';
import { checkoutReturnUrls } from '../checkout';
import { useCheckoutRedirect } from '../hooks/useCheckoutRedirect';
import { formatUsd, PAYMENT_ERRORS } from '../paymentTexts';
import { OptionList } from './OptionList';

export function PackagesSection({ onError }: { onError: (message: string | null) => void }) {
  const { data: packages = [], isLoading, isError } = useGetPackagesQuery();
  const [createSession, { isLoading: creating }] = useCreateCheckoutSessionMutation();
  const { redirecting, start } = useCheckoutRedirect(onError);
  const [chosen, setChosen] = useState<string | null>(null);

  const options = packages.map((p) => ({
    id: p.id,
    title: p.name,
    price: formatUsd(p.price_usd),
    detail: `${p.credits.toLocaleString('en-US')} credits`,
    description: p.description,
  }));
  const selected = chosen ?? options[0]?.id ?? '';
  const busy = creating || redirecting;

  const buy = () =>
    start(() => createSession({ package_id: selected, ...checkoutReturnUrls() }).unwrap(), PAYMENT_ERRORS.purchase);

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Buy credits
          </Typography>
          <Typography color="text.secondary">Purchased credits never expire.</Typography>
          {isLoading && <Typography role="status">Loading packages…</Typography>}
          {isError && <Typography color="error">{PAYMENT_ERRORS.packages}</Typography>}
          {options.length > 0 && (
            <OptionList
              label="Credit packages"
              options={options}
              value={selected}
              onChange={setChosen}
              disabled={busy}
            />
          )}
          <Button variant="contained" size="large" onClick={() => void buy()} disabled={busy || !selected}>
            {redirecting ? 'Redirecting...' : 'Proceed to Payment'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
