// A Team Members row's buttons for the team's owner: edit the agent (agent members only) and upload knowledge.
import { Stack } from '@mui/material';
import type { TeamMember } from '../../../../contract/types';
import { KnowledgeUploadButton } from '../../../features/knowledge/components/KnowledgeUploadButton';
import { EditAgentButton } from '../../../features/teamEditor/components/EditAgentButton';
import { useRouteTeam } from '../../../features/teamEditor/hooks/useRouteTeam';

export function MemberActions({ member, memberIndex }: { member: TeamMember; memberIndex: number }) {
  const { team, isOwner } = useRouteTeam();
  if (!team || !isOwner) return null;
  return (
    <Stack direction="row">
      {(member.type ?? 'agent') === 'agent' && (
        <EditAgentButton team={team} member={member} memberIndex={memberIndex} />
      )}
      <KnowledgeUploadButton teamId={team.id} member={member} memberIndex={memberIndex} />
    </Stack>
  );
}
