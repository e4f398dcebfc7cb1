// The chat's left sidebar: New Chat, the team card, Recent Sessions, Team Members and Team Configuration. The page
// supplies what other features add to it (the team editor, the members' edit and upload buttons) as slots.
import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import type { Team } from '../../../../contract/types';
import { RecentSessions } from './RecentSessions';
import type { EditTeamDialogComponent } from './TeamActionsMenu';
import { TeamCard } from './TeamCard';
import { TeamConfiguration } from './TeamConfiguration';
import { TeamMembers, type MemberActionsComponent } from './TeamMembers';
import { SIDEBAR_WIDTH } from './sidebarWidth';

export interface TeamSidebarSlots {
  editTeamDialog?: EditTeamDialogComponent;
  memberActions?: MemberActionsComponent;
}

interface TeamSidebarProps {
  team: Team;
  sessionId: string | null;
  slots?: TeamSidebarSlots;
}

export function TeamSidebar({ team, sessionId, slots = {} }: TeamSidebarProps) {
  return (
    <Box
      component="aside"
      aria-label="Team sidebar"
      sx={{
        width: SIDEBAR_WIDTH,
        maxWidth: '100%',
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        overflowY: 'auto',
        p: 2,
      }}
    >
      <Stack spacing={2}>
        <Button
          component={RouterLink}
          to={`/teams/${encodeURIComponent(team.id)}/chat`}
          variant="contained"
          startIcon={<AddIcon />}
        >
          New Chat
        </Button>
        <TeamCard team={team} editDialog={slots.editTeamDialog} />
        <RecentSessions teamId={team.id} currentSessionId={sessionId} />
        <TeamMembers members={team.members} memberActions={slots.memberActions} />
        <TeamConfiguration team={team} />
      </Stack>
    </Box>
  );
}
