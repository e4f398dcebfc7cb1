// "Upload knowledge" on a Team Members row: opens the knowledge upload dialog for that member, at the page's dialog
// host, so a layout change that remounts the row keeps it open.
import { IconButton, Tooltip } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useHostedDialog } from '../../../components/DialogHost';
import type { TeamMember } from '../../../../contract/types';
import { KnowledgeUploadDialog } from './KnowledgeUploadDialog';

interface KnowledgeUploadButtonProps {
  teamId: string;
  member: TeamMember;
  memberIndex: number;
}

export function KnowledgeUploadButton({ teamId, member, memberIndex }: KnowledgeUploadButtonProps) {
  const dialog = useHostedDialog();
  const open = () =>
    dialog.open((close) => (
      <KnowledgeUploadDialog open teamId={teamId} member={member} memberIndex={memberIndex} onClose={close} />
    ));
  return (
    <>
      <Tooltip title="Upload knowledge">
        <IconButton size="small" aria-label={`Upload knowledge for ${member.name}`} onClick={open}>
          <UploadFileIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {dialog.element}
    </>
  );
}
