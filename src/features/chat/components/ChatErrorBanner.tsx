// A failed run's error with a retry that sends the same message again.
import { Alert, Button } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { sendRequested } from '../../../services/socket/socketActions';
import { selectChatError } from '../chatSelectors';
import { errorDismissed } from '../chatSlice';

export function ChatErrorBanner() {
  const error = useAppSelector(selectChatError);
  const dispatch = useAppDispatch();
  if (!error) return null;
  const retry = () => dispatch(sendRequested({ ...error.retry, retry: true }));
  return (
    <Alert
      severity="error"
      onClose={() => dispatch(errorDismissed())}
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
      sx={{ mx: 2, mb: 1 }}
    >
      {error.message}
    </Alert>
  );
}
