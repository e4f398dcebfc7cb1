// What an empty chat shows: an invitation to describe a workflow for the team to build, with a hint.
import { Box, Typography } from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';

export function EmptyState({ homeTeam }: { homeTeam: boolean }) {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 3,
        gap: 1,
      }}
    >
      <AutoAwesomeIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
      <Typography variant="h5" component="h2">
        {homeTeam ? 'What kind of team do you need?' : 'Build a workflow by describing it'}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {homeTeam
          ? 'Describe the team you want and it will be assembled for you.'
          : 'Tell the team what your workflow-automation tool should do, and watch it design and build the workflow live.'}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        Hint: try “Every morning, fetch new GitHub issues and post a summary to Slack.”
      </Typography>
    </Box>
  );
}
