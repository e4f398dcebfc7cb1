// "Team Configuration": mode, access level and description.
import { Stack, Typography } from '@mui/material';
import type { Team } from '../../../../contract/types';
import { SidebarSection } from './SidebarSection';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </div>
  );
}

export function TeamConfiguration({ team }: { team: Team }) {
  return (
    <SidebarSection title="Team Configuration">
      <Stack spacing={1} sx={{ pb: 1 }}>
        <Row label="Mode" value={team.config?.mode || 'Unknown'} />
        <Row label="Access Level" value={team.is_public ? 'Public Team' : 'Private Team'} />
        {team.description && <Row label="Description" value={team.description} />}
      </Stack>
    </SidebarSection>
  );
}
