// The files the team saved in a run, attached to its reply: one button each downloads it with the user's token.
import { Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { ReplyFile } from '../../../../contract/types';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { downloadChatFile } from '../../../services/downloadFile';

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function ReplyFiles({ files }: { files: ReplyFile[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const download = async (file: ReplyFile) => {
    try {
      await downloadChatFile(file.file_id, file.original_filename);
    } catch {
      enqueueSnackbar(`Failed to download ${file.original_filename}`, { variant: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }} aria-label="Files">
      {files.map((file) => (
        <Button
          key={file.file_id}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download(file)}
          aria-label={`Download ${file.original_filename}`}
        >
          {file.original_filename} ({sizeLabel(file.size)})
        </Button>
      ))}
    </Stack>
  );
}
