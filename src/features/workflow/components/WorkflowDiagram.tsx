// The workflow diagram, loaded on first use: React Flow, dagre and their CSS stay out of the chat until a reply
// carries a workflow.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';

const LazyCanvas = lazy(() => import('./WorkflowCanvas').then((m) => ({ default: m.WorkflowCanvas })));

/** Holds the canvas's place while its code loads, so the reply does not jump. */
function Placeholder() {
  return (
    <Box
      role="status"
      aria-label="Loading the workflow diagram"
      sx={{
        height: { xs: 280, sm: 340 },
        display: 'grid',
        placeItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <CircularProgress size={24} />
    </Box>
  );
}

/**
 * A diagram that cannot be shown (its chunk failed to download, or the workflow broke the drawing) costs the reply
 * its picture only: the rest of the chat and the JSON stay.
 */
class DiagramBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed)
      return <Alert severity="warning">The diagram could not be shown; the workflow JSON is below.</Alert>;
    return this.props.children;
  }
}

export function WorkflowDiagram({ workflow, name }: { workflow: unknown; name: string }) {
  return (
    <DiagramBoundary>
      <Suspense fallback={<Placeholder />}>
        <LazyCanvas workflow={workflow} name={name} />
      </Suspense>
    </DiagramBoundary>
  );
}
