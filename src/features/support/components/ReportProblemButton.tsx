// "Report a problem": one redacted support snapshot of the app as it is now, to download or send to support.
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
  Typography,
} from '@mui/material';
import BugReportIcon from '@mui/icons-material/BugReportOutlined';
import { useLocation } from 'react-router';
import { useAppStore } from '../../../app/hooks';
import { streamRecorder, supportLog } from '../../../app/store';
import { APP_NAME, APP_VERSION } from '../../../config/env';
import { useSendSupportReportMutation } from '../../../services/api';
import { downloadJson } from '../../replay/downloadRecording';
import { buildSnapshot } from '../snapshot';

export function ReportProblemButton({ label = 'Report a problem' }: { label?: string }) {
  const store = useAppStore();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [mask, setMask] = useState(false);
  const [note, setNote] = useState('');
  const [send, sending] = useSendSupportReportMutation();

  const snapshot = () =>
    buildSnapshot({
      appName: APP_NAME,
      appVersion: APP_VERSION,
      route: `${location.pathname}${location.search}`,
      state: store.getState(),
      recording: streamRecorder.toRecording(),
      connection: supportLog.connection(),
      apiErrors: supportLog.apiErrors(),
      maskMessages: mask,
    });

  const close = () => {
    setOpen(false);
    sending.reset();
  };

  return (
    <>
      <Button size="small" startIcon={<BugReportIcon />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="report-problem-title">
        <DialogTitle id="report-problem-title">Report a problem</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            A snapshot of the app as it is now: this page, the chat, the last stream and connection events, and recent
            errors. Sign-in tokens and credential values are never included.
          </Typography>
          <TextField
            label="What went wrong? (optional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={mask} onChange={(event) => setMask(event.target.checked)} />}
            label="Hide message texts"
          />
          {sending.isSuccess && (
            <Alert severity="success" sx={{ mt: 1 }}>
              Sent to support. Reference: {sending.data.id}
            </Alert>
          )}
          {sending.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              The report could not be sent. Download it and send the file instead.
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
          <Button onClick={() => downloadJson(snapshot(), `support-snapshot-${Date.now()}.json`)}>Download</Button>
          <Button
            variant="contained"
            disabled={sending.isLoading || sending.isSuccess}
            onClick={() => void send({ note, snapshot: snapshot() })}
          >
            Send to support
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
