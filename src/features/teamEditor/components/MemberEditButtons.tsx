// Owner-only buttons on a Team Members row: edit the agent (agent members) and upload knowledge (every member).
import { useState } from 'react';
import { IconButton, Stack, Tooltip } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { TeamMember } from '../../../services/contract';
import { KnowledgeUploadDialog } from '../../knowledge/components/KnowledgeUploadDialog';
import { useRouteTeam } from '../hooks/useRouteTeam';
import { EditAgentDialog } from './EditAgentDialog';

export function MemberEditButtons({ member, memberIndex }: { member: TeamMember; memberIndex: number }) {
  const { team, isOwner } = useRouteTeam();
  const [dialog, setDialog] = useState<'agent' | 'knowledge' | null>(null);
  if (!team || !isOwner) return null;
  const isAgent = (member.type ?? 'agent') === 'agent';
  return (
    <Stack direction="row">
      {isAgent && (
        <Tooltip title="Edit agent">
          <IconButton size="small" aria-label={`Edit agent ${member.name}`} onClick={() => setDialog('agent')}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Upload knowledge">
        <IconButton
          size="small"
          aria-label={`Upload knowledge for ${member.name}`}
          onClick={() => setDialog('knowledge')}
        >
          <UploadFileIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {dialog === 'agent' && <EditAgentDialog team={team} memberIndex={memberIndex} onClose={() => setDialog(null)} />}
      <KnowledgeUploadDialog
        open={dialog === 'knowledge'}
        teamId={team.id}
        member={member}
        memberIndex={memberIndex}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
