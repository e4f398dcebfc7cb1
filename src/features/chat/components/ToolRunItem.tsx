// One tool on the timeline: its status, and a detail panel (max 360 px) that collapses once the tool finishes.
import { memo, useState } from 'react';
import { Box, ButtonBase, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ToolRun } from '../chatSelectors';
import { toolOutput } from '../toolStatus';
import { ToolResult } from './ToolResult';

const STATUS_LABEL = { running: 'Running', completed: 'Completed', error: 'Error' } as const;

function StatusIcon({ status }: { status: ToolRun['status'] }) {
  if (status === 'running') return <CircularProgress size={14} aria-hidden />;
  if (status === 'error') return <ErrorIcon color="error" sx={{ fontSize: 16 }} aria-hidden />;
  return <CheckCircleIcon color="success" sx={{ fontSize: 16 }} aria-hidden />;
}

/** A tool's row renders again only when the tool or its status changed (lists are rebuilt on every tool event). */
export const ToolRunItem = memo(
  function ToolRunItem({ run }: { run: ToolRun }) {
    const { tool, status } = run;
    // Open while running; the user's own toggle wins afterwards.
    const [toggled, setToggled] = useState<boolean | null>(null);
    const open = toggled ?? status === 'running';
    const output = toolOutput(tool);
    const args = Object.keys(tool.tool_args ?? {}).length > 0 ? JSON.stringify(tool.tool_args, null, 2) : '';
    return (
      <Box data-testid="tool-run" data-status={status} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <ButtonBase
          onClick={() => setToggled(!open)}
          aria-expanded={open}
          sx={{ width: '100%', justifyContent: 'flex-start', gap: 1, px: 1, py: 0.5 }}
        >
          <StatusIcon status={status} />
          <Typography variant="body2" sx={{ fontFamily: 'monospace', flex: 1, textAlign: 'left' }}>
            {tool.tool_name}
          </Typography>
          <Typography variant="caption" color={status === 'error' ? 'error' : 'text.secondary'}>
            {STATUS_LABEL[status]}
            {tool.metrics?.time !== undefined ? ` · ${tool.metrics.time.toFixed(1)}s` : ''}
          </Typography>
          <ExpandMoreIcon fontSize="small" sx={{ transform: open ? 'rotate(180deg)' : 'none' }} aria-hidden />
        </ButtonBase>
        {/* Shown and hidden at once: a burst of tool events would otherwise run dozens of transitions, each
            measuring the page and rendering several times. */}
        {open && (
          <Stack
            spacing={1}
            data-testid="tool-detail"
            // The panel scrolls past 360 px, so it takes focus for keyboard scrolling.
            tabIndex={0}
            role="region"
            aria-label={`${tool.tool_name} details`}
            sx={{ maxHeight: 360, overflowY: 'auto', px: 1.5, pb: 1 }}
          >
            {args && (
              <Box component="pre" sx={{ m: 0, fontSize: '0.75rem', whiteSpace: 'pre-wrap', color: 'text.secondary' }}>
                {args}
              </Box>
            )}
            {output && output.trim() !== 'None' && <ToolResult output={output} />}
          </Stack>
        )}
      </Box>
    );
  },
  (before, after) => before.run.tool === after.run.tool && before.run.status === after.run.status,
);
