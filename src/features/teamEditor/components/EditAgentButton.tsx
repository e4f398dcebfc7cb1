// "Edit agent" on an agent's Team Members row: opens Edit Agent for that member.
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Team, TeamMember } from '../../../services/contract';
import { EditAgentDialog } from './EditAgentDialog';

interface EditAgentButtonProps {
  team: Team;
  member: TeamMember;
  memberIndex: number;
}

export function EditAgentButton({ team, member, memberIndex }: EditAgentButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Edit agent">
        <IconButton size="small" aria-label={`Edit agent ${member.name}`} onClick={() => setOpen(true)}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <EditAgentDialog team={team} memberIndex={memberIndex} onClose={() => setOpen(false)} />}
    </>
  );
}
