// The home-team next step: "What's next?" with a TEAM ROOM link to the team the reply built.
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export function FollowUpCard({ teamId }: { teamId: string }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 420 }}>
      <CardContent>
        <Typography variant="h6" component="p">
          What&apos;s next?
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Your team is ready. Open its room to start working with it.
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={`/teams/${encodeURIComponent(teamId)}/chat`} variant="contained">
          TEAM ROOM
        </Button>
      </CardActions>
    </Card>
  );
}
