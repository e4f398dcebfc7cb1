// Cancel Subscription → pick a reason → Confirm Cancellation; then wait for the server to report the cancellation.
import { useState } from 'react';
import { Box, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useAppDispatch } from '../../../app/hooks';
import { api, useCancelSubscriptionMutation } from '../../../services/api';
import type { CancelReason } from '../../../services/contract';
import { CANCEL_REASONS, PAYMENT_ERRORS } from '../paymentTexts';
import { CancellationTimeout, waitForCancellation } from '../waitForCancellation';

export function CancelSubscription({ onError }: { onError: (message: string | null) => void }) {
  const dispatch = useAppDispatch();
  const [cancel] = useCancelSubscriptionMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [busy, setBusy] = useState(false);

  const isCanceled = async () => {
    const status = await dispatch(
      api.endpoints.getSubscriptionStatus.initiate(undefined, { forceRefetch: true, subscribe: false }),
    ).unwrap();
    return status.subscription_details?.cancel_at_period_end === true;
  };

  const confirm = async () => {
    if (!reason) return;
    onError(null);
    setBusy(true);
    try {
      await cancel({ reason }).unwrap();
    } catch {
      setBusy(false);
      onError(PAYMENT_ERRORS.cancel);
      return;
    }
    try {
      await waitForCancellation(isCanceled);
    } catch (error) {
      onError(error instanceof CancellationTimeout ? error.message : PAYMENT_ERRORS.cancel);
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <Box>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          Cancel Subscription
        </Button>
      </Box>
    );
  }
  return (
    <Stack spacing={2}>
      <FormControl disabled={busy}>
        <FormLabel id="cancel-reason-label">Why are you canceling?</FormLabel>
        <RadioGroup
          aria-labelledby="cancel-reason-label"
          value={reason}
          onChange={(_e, value) => setReason(value as CancelReason)}
        >
          {CANCEL_REASONS.map((r) => (
            <FormControlLabel key={r.value} value={r.value} control={<Radio />} label={r.label} />
          ))}
        </RadioGroup>
      </FormControl>
      <Stack direction="row" spacing={1}>
        <Button color="error" variant="contained" disabled={!reason || busy} onClick={() => void confirm()}>
          {busy ? 'Canceling...' : 'Confirm Cancellation'}
        </Button>
        <Button disabled={busy} onClick={() => setOpen(false)}>
          Keep Subscription
        </Button>
      </Stack>
    </Stack>
  );
}
