// Shared footer with the privacy links; hidden on chat pages, which use the full height.
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink, useMatch } from 'react-router';
import { APP_NAME } from '../../../config/env';

export function Footer() {
  const onTeamChat = useMatch('/teams/:teamId/chat') !== null;
  const onAgentChat = useMatch('/agents/:agentId/chat') !== null;
  if (onTeamChat || onAgentChat) return null;

  return (
    <Box
      component="footer"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        py: 2,
        px: 3,
        display: 'flex',
        gap: 3,
        flexWrap: 'wrap',
        alignItems: 'center',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} {APP_NAME}
      </Typography>
      <Link component={RouterLink} to="/legal/privacy-policy" variant="body2">
        Privacy Policy
      </Link>
      <Link component={RouterLink} to="/legal/europe-privacy-policy" variant="body2">
        European Privacy Policy
      </Link>
    </Box>
  );
}
