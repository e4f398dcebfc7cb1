// "Agent's Computer": the live remote desktop in a sandboxed frame, narrow (24rem) or wide (48rem) beside the chat,
// or filling a phone's screen with a way back to the chat (`onBack`).
import { useEffect, useState } from 'react';
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useAppDispatch } from '../../../app/hooks';
import { sidebarClosed } from '../../layout/layoutSlice';

export const STREAM_FAILED = 'Failed to load the remote desktop stream. Please try again or open in a new tab.';
export const PANEL_WIDTH = { narrow: '24rem', wide: '48rem' } as const;
/** Browsers fire no error event for frames, so a desktop that has not loaded by then counts as failed. */
const LOAD_TIMEOUT_MS = 20_000;

interface ComputerPanelProps {
  url: string;
  onClose: () => void;
  /** Full-screen sheet on a phone: "Back to chat" instead of the width toggle. */
  onBack?: () => void;
  loadTimeoutMs?: number;
}

export function ComputerPanel({ url, onClose, onBack, loadTimeoutMs = LOAD_TIMEOUT_MS }: ComputerPanelProps) {
  const [wide, setWide] = useState(false);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (loadedUrl === url) return undefined;
    const timer = setTimeout(() => setFailedUrl(url), loadTimeoutMs);
    return () => clearTimeout(timer);
  }, [url, loadedUrl, loadTimeoutMs]);

  const toggleWidth = () => {
    if (!wide) dispatch(sidebarClosed());
    setWide(!wide);
  };
  return (
    <Box
      component="aside"
      aria-label="Agent's Computer"
      sx={{
        width: onBack ? '100%' : wide ? PANEL_WIDTH.wide : PANEL_WIDTH.narrow,
        height: onBack ? '100%' : undefined,
        maxWidth: '100%',
        flexShrink: 0,
        borderLeft: onBack ? 0 : 1,
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', gap: 0.5 }}
      >
        {onBack && (
          <Button size="small" startIcon={<ArrowBackIcon />} onClick={onBack}>
            Back to chat
          </Button>
        )}
        <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          Agent&apos;s Computer
        </Typography>
        {!onBack && (
          <Tooltip title={wide ? 'Shrink' : 'Expand'}>
            <IconButton size="small" aria-label={wide ? 'Shrink' : 'Expand'} onClick={toggleWidth}>
              {wide ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title="Open in new tab">
          <IconButton
            size="small"
            aria-label="Open in new tab"
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {!onBack && (
          <Tooltip title="Close">
            <IconButton size="small" aria-label="Close Agent's Computer" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {failedUrl === url ? (
        <Alert severity="error" sx={{ m: 1.5 }}>
          {STREAM_FAILED}
        </Alert>
      ) : (
        <Box
          component="iframe"
          key={url}
          src={url}
          title="Agent's Computer"
          sandbox="allow-scripts allow-same-origin allow-forms"
          referrerPolicy="no-referrer"
          onLoad={() => setLoadedUrl(url)}
          sx={{ flex: 1, border: 0, width: '100%', bgcolor: 'common.black' }}
        />
      )}
    </Box>
  );
}
