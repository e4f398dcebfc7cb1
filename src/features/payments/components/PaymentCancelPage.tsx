// /payment/cancel: the payment was cancelled and nothing was charged.
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export function PaymentCancelPage() {
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Typography variant="h5" component="h1">
              Payment Cancelled
            </Typography>
            <Typography>Your payment was cancelled and you have not been charged.</Typography>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" component={RouterLink} to="/payment">
                Try Again
              </Button>
              <Button variant="outlined" component={RouterLink} to="/">
                Return to Home
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
