// "Download recording" for support staff (admin mode) and developers: the latest runs' frames and actions as JSON.
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { IS_DEV } from '../../../config/env';
import { useAppSelector } from '../../../app/hooks';
import { streamRecorder } from '../../../app/store';
import { selectAdminMode } from '../../auth/authSelectors';
import { downloadRecording } from '../../replay/downloadRecording';

export function DownloadRecordingButton() {
  const adminMode = useAppSelector(selectAdminMode);
  if (!adminMode && !IS_DEV) return null;
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => downloadRecording(streamRecorder.toRecording())}
      sx={{ alignSelf: 'flex-end', mx: 2 }}
    >
      Download recording
    </Button>
  );
}
