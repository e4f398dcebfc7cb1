// The attached files with their upload progress; remove is disabled while streaming or uploading.
import { Box, Chip, IconButton, LinearProgress, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { Attachment } from './useAttachments';

interface AttachmentListProps {
  attachments: readonly Attachment[];
  disabled: boolean;
  onRemove: (id: string) => void;
}

export function AttachmentList({ attachments, disabled, onRemove }: AttachmentListProps) {
  if (attachments.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', px: 1, pt: 1 }} aria-label="Attachments">
      {attachments.map((a) => (
        <Box
          key={a.id}
          sx={{ minWidth: 120, maxWidth: '100%' }}
          data-testid="attachment"
          data-state={a.progress === -1 ? 'failed' : a.fileId ? 'uploaded' : 'uploading'}
        >
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Chip
              size="small"
              label={a.file.name}
              color={a.progress === -1 ? 'error' : 'default'}
              sx={{ minWidth: 0 }}
            />
            <IconButton
              size="small"
              aria-label={`Remove ${a.file.name}`}
              disabled={disabled}
              onClick={() => onRemove(a.id)}
            >
              <CloseIcon sx={{ fontSize: 14 }} />
            </IconButton>
          </Stack>
          {a.fileId === null && a.progress !== -1 && (
            <LinearProgress
              variant="determinate"
              value={a.progress}
              aria-label={`Uploading ${a.file.name}`}
              sx={{ mt: 0.5 }}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}
