// Shown while a reply streams and no text has arrived yet.
import { CircularProgress, Stack, Typography } from '@mui/material';

export function ThinkingIndicator() {
  return (
    <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 1 }}>
      <CircularProgress size={20} aria-hidden />
      <div>
        <Typography variant="subtitle2">Thinking...</Typography>
        <Typography variant="caption" color="text.secondary">
          Team is processing your request
        </Typography>
      </div>
    </Stack>
  );
}
