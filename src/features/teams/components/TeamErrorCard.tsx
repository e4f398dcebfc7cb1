// The team could not be loaded: the server's message (or SPEC §2's fallback) and a way back.
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export const TEAM_NOT_FOUND = 'Team not found or you do not have access to it.';

export function TeamErrorCard({ message }: { message: string | null }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, mx: 'auto', mt: 8 }}>
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          Error loading team
        </Typography>
        <Typography color="text.secondary">{message ?? TEAM_NOT_FOUND}</Typography>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to="/teams">
          Back to Teams
        </Button>
      </CardActions>
    </Card>
  );
}
