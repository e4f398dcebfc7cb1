// What a user does with a reply's workflow: copy its JSON, download it as a file, open the one the server created.
import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { workflowFileName } from '../replyWorkflow';

const CONFIRM_MS = 1500;
const COPY_LABEL = { idle: 'Copy JSON', copied: 'Copied', failed: 'Copy failed' } as const;
const COPY_STATUS = {
  idle: '',
  copied: 'Workflow JSON copied',
  failed: 'The browser refused the clipboard; the JSON is under "Workflow JSON"',
} as const;
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface WorkflowActionsProps {
  json: string;
  name: string;
  /** The created workflow in n8n: an http(s) address, checked by createdWorkflowUrl. */
  n8nUrl: string | null;
}

function download(json: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function WorkflowActions({ json, name, n8nUrl }: WorkflowActionsProps) {
  const [copy, setCopy] = useState<keyof typeof COPY_LABEL>('idle');
  const copyJson = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
    setTimeout(() => setCopy('idle'), CONFIRM_MS);
  };
  return (
    <Stack role="group" aria-label="Workflow actions" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => void copyJson()}
        startIcon={copy === 'copied' ? <CheckIcon /> : <ContentCopyIcon />}
      >
        {COPY_LABEL[copy]}
      </Button>
      <Button
        size="small"
        variant="outlined"
        onClick={() => download(json, workflowFileName(name))}
        startIcon={<DownloadIcon />}
      >
        Download .json
      </Button>
      <Box role="status" sx={VISUALLY_HIDDEN}>
        {COPY_STATUS[copy]}
      </Box>
      {n8nUrl && (
        <Button
          size="small"
          variant="contained"
          href={n8nUrl}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<OpenInNewIcon />}
        >
          Open in n8n
        </Button>
      )}
    </Stack>
  );
}
