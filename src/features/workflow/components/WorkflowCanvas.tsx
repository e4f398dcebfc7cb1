// The workflow drawn with React Flow: read-only, pan and pinch/ctrl-wheel zoom, fitted on mount, in the MUI
// theme's colours. Loaded lazily (WorkflowDiagram.tsx) with React Flow, dagre and their CSS.
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, type CSSProperties } from 'react';
import { Box, useTheme, type Palette } from '@mui/material';
import { Controls, ReactFlow, useReactFlow, useStore } from '@xyflow/react';
import { toFlow } from '../workflowFlow';
import { WorkflowNode } from './WorkflowNode';

const nodeTypes = { workflow: WorkflowNode };
const FIT = { padding: 0.12, maxZoom: 1 };
const LABEL_PADDING: [number, number] = [4, 2];

/** React Flow's colours from the MUI theme, inline so they win over its own light and dark defaults. */
function flowColors(palette: Palette): CSSProperties {
  return {
    '--xy-background-color': palette.background.default,
    '--xy-edge-stroke': palette.text.secondary,
    '--xy-edge-label-background-color': palette.background.paper,
    '--xy-edge-label-color': palette.text.primary,
    '--xy-handle-background-color': palette.text.secondary,
    '--xy-handle-border-color': palette.background.paper,
    '--xy-controls-button-background-color': palette.background.paper,
    '--xy-controls-button-background-color-hover': palette.action.hover,
    '--xy-controls-button-color': palette.text.primary,
    '--xy-controls-button-color-hover': palette.text.primary,
    '--xy-controls-button-border-color': palette.divider,
    '--xy-attribution-background-color': 'transparent',
  } as CSSProperties;
}

/**
 * Fits the view again whenever the canvas changes size: a reply can mount while hidden (behind the Agent's
 * Computer on a phone) or be resized with the window, and a fit made at another size leaves nodes out of view.
 */
function FitOnResize() {
  const { fitView } = useReactFlow();
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  useEffect(() => {
    if (width > 0 && height > 0) void fitView(FIT);
  }, [width, height, fitView]);
  return null;
}

export function WorkflowCanvas({ workflow, name }: { workflow: unknown; name: string }) {
  const { palette } = useTheme();
  const { nodes, edges } = useMemo(() => toFlow(workflow), [workflow]);
  const colors = useMemo(() => flowColors(palette), [palette]);
  return (
    <Box
      sx={{
        height: { xs: 280, sm: 340 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '& .react-flow__attribution a': { color: 'text.secondary' },
        '& .react-flow__edge-text': { fontSize: 11 },
      }}
    >
      <ReactFlow
        aria-label={`Workflow diagram: ${name}, ${nodes.length} node${nodes.length === 1 ? '' : 's'}`}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        colorMode={palette.mode}
        style={colors}
        defaultMarkerColor={null}
        defaultEdgeOptions={{ labelBgPadding: LABEL_PADDING, labelBgBorderRadius: 4 }}
        fitView
        fitViewOptions={FIT}
        minZoom={0.05}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        edgesReconnectable={false}
        elementsSelectable={false}
        disableKeyboardA11y
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        panActivationKeyCode={null}
        // The chat scrolls under the wheel; pinch (ctrl + wheel) and the buttons zoom.
        zoomOnScroll={false}
        preventScrolling={false}
      >
        <Controls showInteractive={false} fitViewOptions={FIT} />
        <FitOnResize />
      </ReactFlow>
    </Box>
  );
}
