// "Upload knowledge" on a Team Members row: opens the knowledge upload dialog for that member.
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { TeamMember } from '../../../services/contract';
import { KnowledgeUploadDialog } from './KnowledgeUploadDialog';

interface KnowledgeUploadButtonProps {
  teamId: string;
  member: TeamMember;
  memberIndex: number;
}

export function KnowledgeUploadButton({ teamId, member, memberIndex }: KnowledgeUploadButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Upload knowledge">
        <IconButton size="small" aria-label={`Upload knowledge for ${member.name}`} onClick={() => setOpen(true)}>
          <UploadFileIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <KnowledgeUploadDialog
        open={open}
        teamId={teamId}
        member={member}
        memberIndex={memberIndex}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
