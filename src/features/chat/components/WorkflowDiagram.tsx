// The workflow diagram, loaded on first use: React Flow, dagre and their CSS stay out of the chat until a reply
// carries a workflow.
import { lazy, Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';

const LazyCanvas = lazy(() => import('./WorkflowCanvas').then((m) => ({ default: m.WorkflowCanvas })));

/** Holds the canvas's place while its code loads, so the reply does not jump. */
function Placeholder() {
  return (
    <Box
      role="status"
      aria-label="Loading the workflow diagram"
      sx={{ height: { xs: 280, sm: 340 }, display: 'grid', placeItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <CircularProgress size={24} />
    </Box>
  );
}

export function WorkflowDiagram({ workflow, name }: { workflow: unknown; name: string }) {
  return (
    <Suspense fallback={<Placeholder />}>
      <LazyCanvas workflow={workflow} name={name} />
    </Suspense>
  );
}
