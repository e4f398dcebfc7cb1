// "Edit agent" on an agent's Team Members row: opens Edit Agent for that member, at the page's dialog host.
import { IconButton, Tooltip } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useHostedDialog } from '../../../components/DialogHost';
import type { Team, TeamMember } from '../../../../contract/types';
import { EditAgentDialog } from './EditAgentDialog';

interface EditAgentButtonProps {
  team: Team;
  member: TeamMember;
  memberIndex: number;
}

export function EditAgentButton({ team, member, memberIndex }: EditAgentButtonProps) {
  const dialog = useHostedDialog();
  const open = () => dialog.open((close) => <EditAgentDialog team={team} memberIndex={memberIndex} onClose={close} />);
  return (
    <>
      <Tooltip title="Edit agent">
        <IconButton size="small" aria-label={`Edit agent ${member.name}`} onClick={open}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {dialog.element}
    </>
  );
}
