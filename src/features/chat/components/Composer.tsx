// The message box: Enter sends, Shift+Enter adds a line, 1–25 rows, attachments, stop while a reply streams.
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, IconButton, InputBase, Paper } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LazyTooltip } from '../../../components/LazyTooltip';
import { sendRequested, stopRequested } from '../../../services/socket/socketActions';
import { selectIsStreaming, selectSessionId } from '../chatSelectors';
import { AttachmentList } from './AttachmentList';
import { preloadMessageList } from './LazyMessageList';
import { preloadMarkdown } from './Markdown';
import { useAttachments } from './useAttachments';

const WAIT_FOR_UPLOADS = 'Please wait for file uploads to complete.';

/** A reply is about to come: its list and renderer load while the user writes. */
function preloadReply(): void {
  preloadMessageList();
  preloadMarkdown();
}

// Memoised: the chat panel renders again whenever messages come and go, and the growing text field measures its
// height each time it renders.
export const Composer = memo(function Composer({ teamId, homeTeam }: { teamId: string; homeTeam: boolean }) {
  const [text, setText] = useState('');
  const streaming = useAppSelector(selectIsStreaming);
  const sessionId = useAppSelector(selectSessionId);
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const files = useAttachments(teamId, sessionId);
  const picker = useRef<HTMLInputElement>(null);
  const attachLocked = streaming || files.uploading;
  const canSend = text.trim() !== '' && !streaming;

  const send = () => {
    if (!canSend) return;
    if (files.uploading) {
      enqueueSnackbar(WAIT_FOR_UPLOADS, { variant: 'warning' });
      return;
    }
    dispatch(
      sendRequested({
        teamId,
        message: text.trim(),
        sessionId: sessionId ?? files.uploadSessionId,
        fileIds: files.fileIds,
        homeTeam,
      }),
    );
    setText('');
    files.clear();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Paper variant="outlined" sx={{ m: 2, mt: 0, borderRadius: 3 }}>
      <AttachmentList attachments={files.attachments} disabled={attachLocked} onRemove={files.remove} />
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1 }}>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          data-testid="attach-input"
          onChange={(event) => {
            files.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <LazyTooltip title="Attach files">
          <span>
            <IconButton aria-label="Attach files" disabled={attachLocked} onClick={() => picker.current?.click()}>
              <AttachFileIcon />
            </IconButton>
          </span>
        </LazyTooltip>
        {/* The bare input: a TextField would add a form control, a label and every input variant (Select and its
            menu among them) to the chat's first screen, for a box that shows none of them. */}
        <InputBase
          fullWidth
          multiline
          minRows={1}
          maxRows={25}
          placeholder="Describe the workflow you want the team to build…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={preloadReply}
          slotProps={{ input: { 'aria-label': 'Message' } }}
          sx={{ py: 1 }}
        />
        {streaming ? (
          <IconButton aria-label="Stop" color="error" onClick={() => dispatch(stopRequested())}>
            <StopIcon />
          </IconButton>
        ) : (
          <IconButton aria-label="Send" color="primary" disabled={!canSend} onClick={send}>
            <SendIcon />
          </IconButton>
        )}
      </Box>
    </Paper>
  );
});
