// The tool-event timeline of a reply, live or finished.
import { memo } from 'react';
import { Stack, Typography } from '@mui/material';
import type { ToolRun } from '../chatSelectors';
import { ToolRunItem } from './ToolRunItem';

export const ToolTimeline = memo(function ToolTimeline({ runs }: { runs: readonly ToolRun[] }) {
  if (runs.length === 0) return null;
  return (
    <Stack spacing={0.75} component="section" aria-label="Tool calls" sx={{ my: 1 }}>
      <Typography variant="caption" color="text.secondary">
        Tools ({runs.length})
      </Typography>
      {runs.map((run) => (
        <ToolRunItem key={run.tool.tool_call_id} run={run} />
      ))}
    </Stack>
  );
});
