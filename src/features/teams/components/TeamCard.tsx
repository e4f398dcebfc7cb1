// The sidebar's team card: initials, name and the team actions menu.
import { Box, Paper, Stack, Typography } from '@mui/material';
import { GradientAvatar } from '../../../components/GradientAvatar';
import type { Team } from '../../../../contract/types';
import { initials } from '../../chat/initials';
import { TeamActionsMenu, type EditTeamDialogComponent } from './TeamActionsMenu';

export function TeamCard({ team, editDialog }: { team: Team; editDialog?: EditTeamDialogComponent }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box aria-hidden>
          <GradientAvatar seed={team.name} size={40}>
            {initials(team.name)}
          </GradientAvatar>
        </Box>
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600, minWidth: 0 }} noWrap title={team.name}>
          {team.name}
        </Typography>
        <TeamActionsMenu teamId={team.id} editDialog={editDialog} />
      </Stack>
    </Paper>
  );
}
