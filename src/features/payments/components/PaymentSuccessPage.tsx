// /payment/success: the updated balance, Go to Home and Buy More Credits, and a move to / after 10 s.
import { useEffect } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { formatCredits } from '../../../components/formatCredits';
import { api, useGetBalanceQuery } from '../../../services/api';

const SUCCESS_REDIRECT_MS = 10_000;

export function PaymentSuccessPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data, isLoading } = useGetBalanceQuery();

  useEffect(() => {
    // The payment changed the balance, the history and maybe the subscription behind the cache's back.
    dispatch(api.util.invalidateTags(['Credits', { type: 'Transactions', id: 'LIST' }, 'Subscription']));
    const timer = setTimeout(() => void navigate('/'), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [dispatch, navigate]);

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
            <Typography variant="h5" component="h1">
              Payment Successful
            </Typography>
            <Typography>Thank you! Your payment went through.</Typography>
            <Typography variant="h6" component="p" aria-live="polite">
              Your balance:{' '}
              <span data-testid="success-balance">{formatCredits(data?.available_credits, isLoading)}</span> credits
            </Typography>
            <Typography variant="body2" color="text.secondary">
              You will be taken to the home page in 10 seconds.
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" component={RouterLink} to="/">
                Go to Home
              </Button>
              <Button variant="outlined" component={RouterLink} to="/payment">
                Buy More Credits
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
