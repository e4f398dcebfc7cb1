// A centred spinner with a label, for page loads and redirects.
import { Box, CircularProgress, Typography } from '@mui/material';

export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box
      role="status"
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 8,
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
