// Cancel Subscription → pick a reason → Confirm Cancellation; the payments listener then waits for the status to
// report the cancellation, and the page shows the outcome.
import { useState } from 'react';
import { Box, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useAppSelector } from '../../../app/hooks';
import { useCancelSubscriptionMutation } from '../../../services/api';
import type { CancelReason } from '../../../../contract/types';
import { CANCEL_REASONS, PAYMENT_ERRORS } from '../paymentTexts';
import { selectWaitingForCancellation } from '../paymentsSlice';

export function CancelSubscription({ onError }: { onError: (message: string | null) => void }) {
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  const waiting = useAppSelector(selectWaitingForCancellation);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const busy = isLoading || waiting;

  const confirm = async () => {
    if (!reason) return;
    onError(null);
    try {
      await cancel({ reason }).unwrap();
    } catch {
      onError(PAYMENT_ERRORS.cancel);
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
