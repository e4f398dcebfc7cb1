// Support tools of the chat (admin mode, and every development build): "Download recording", the latest runs'
// frames and actions as JSON, and "Load snapshot", which shows a support snapshot's chat here.
import { useRef, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { IS_DEV } from '../../../config/env';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { streamRecorder } from '../../../app/store';
import { selectAdminMode } from '../../auth/authSelectors';
import { downloadRecording } from '../../replay/downloadRecording';
import { snapshotLoaded } from '../../replay/replayListeners';
import { parseSnapshot } from '../../support/snapshot';

/** The file's text (FileReader: every browser and jsdom have it, Blob.text not everywhere). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

export function DownloadRecordingButton() {
  const adminMode = useAppSelector(selectAdminMode);
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!adminMode && !IS_DEV) return null;

  const load = async (file: File | undefined) => {
    if (!file) return;
    let data: unknown;
    try {
      data = JSON.parse(await readText(file));
    } catch {
      return setProblem(`${file.name} is not JSON.`);
    }
    const read = parseSnapshot(data);
    if (!read.ok) return setProblem(`${file.name} is not a support snapshot: ${read.error}.`);
    setProblem(null);
    dispatch(snapshotLoaded({ snapshot: read.snapshot }));
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignSelf: 'flex-end', alignItems: 'center', mx: 2 }}>
      {problem && (
        <Typography role="alert" variant="body2" color="error">
          {problem}
        </Typography>
      )}
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
        Load snapshot
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Support snapshot file"
        onChange={(event) => {
          void load(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadRecording(streamRecorder.toRecording())}>
        Download recording
      </Button>
    </Stack>
  );
}
