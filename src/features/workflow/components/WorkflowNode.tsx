// One node of the workflow diagram: its name, its kind and type, a bar in its kind's colour, and the handles its
// connections attach to (main on the sides, AI sub-node links from its top into the bottom of the node it serves).
import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import type { WorkflowFlowNode } from '../workflowFlow';
import type { NodeKind } from '../workflowGraph';

const KIND: Record<NodeKind, { label: string; color: string }> = {
  trigger: { label: 'Trigger', color: 'primary.main' },
  action: { label: 'Action', color: 'info.main' },
  ai: { label: 'AI sub-node', color: 'secondary.main' },
  flow: { label: 'Flow', color: 'success.main' },
};

// Anchors only: nothing connects by hand, and a visible dot would sit on the arrowheads.
const HANDLE = { width: 1, height: 1, minWidth: 0, minHeight: 0, border: 0, opacity: 0 };

export const WorkflowNode = memo(function WorkflowNode({ data }: NodeProps<WorkflowFlowNode>) {
  const kind = KIND[data.kind];
  const caption = data.typeLabel && data.typeLabel !== data.name ? `${kind.label} · ${data.typeLabel}` : kind.label;
  return (
    <Box
      data-kind={data.kind}
      sx={{
        height: '100%',
        boxSizing: 'border-box',
        px: 1.25,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: kind.color,
        borderRadius: data.kind === 'ai' ? 4 : 1.5,
        boxShadow: 1,
      }}
    >
      {data.handles.in && (
        <Handle type="target" position={Position.Left} id="in" isConnectable={false} style={HANDLE} />
      )}
      {data.handles.out && (
        <Handle type="source" position={Position.Right} id="out" isConnectable={false} style={HANDLE} />
      )}
      {data.handles.aiOut && (
        <Handle type="source" position={Position.Top} id="ai-out" isConnectable={false} style={HANDLE} />
      )}
      {data.handles.aiIn && (
        <Handle type="target" position={Position.Bottom} id="ai-in" isConnectable={false} style={HANDLE} />
      )}
      <Typography variant="body2" noWrap title={data.name} sx={{ fontWeight: 600, lineHeight: 1.3 }}>
        {data.name}
      </Typography>
      <Typography variant="caption" noWrap color="text.secondary" sx={{ lineHeight: 1.3 }}>
        {caption}
      </Typography>
    </Box>
  );
});
