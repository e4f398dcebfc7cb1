// Stand-in for the team chat screen until it lands: proves the guarded route works.
import { Box, Typography } from '@mui/material';
import { PageLoading } from '../../../components/PageLoading';

export function TeamChatPlaceholder({ teamId }: { teamId: string }) {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', p: 3 }} data-team-id={teamId}>
      <Typography variant="h5" component="h1">
        Team chat
      </Typography>
      <PageLoading />
    </Box>
  );
}
