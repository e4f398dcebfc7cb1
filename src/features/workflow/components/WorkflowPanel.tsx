// A reply's n8n workflow: its diagram, what to do with it, and its JSON folded away (shown instead of the diagram
// when the workflow is too large to draw).
import { useId, useState } from 'react';
import { Alert, Box, Button, Collapse, Stack } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { codeBlock, MAX_DIAGRAM_NODES, type WorkflowPanelProps } from '../replyWorkflow';
import { WorkflowActions } from './WorkflowActions';
import { WorkflowDiagram } from './WorkflowDiagram';

export function WorkflowPanel({ found, n8nUrl, renderJson }: WorkflowPanelProps) {
  const count = found.workflow.nodes.length;
  const tooLarge = count > MAX_DIAGRAM_NODES;
  const [open, setOpen] = useState(tooLarge);
  const jsonId = useId();
  return (
    <Stack spacing={1} sx={{ my: 1.5 }} data-testid="workflow-panel">
      {tooLarge ? (
        <Alert severity="info">
          This workflow has {count} nodes, too many to draw here (at most {MAX_DIAGRAM_NODES}); its JSON is below.
        </Alert>
      ) : (
        <WorkflowDiagram workflow={found.workflow} name={found.name} />
      )}
      <WorkflowActions json={found.json} name={found.name} n8nUrl={n8nUrl} />
      <Box>
        <Button
          size="small"
          color="inherit"
          aria-expanded={open}
          aria-controls={jsonId}
          onClick={() => setOpen(!open)}
          endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none' }} />}
        >
          Workflow JSON
        </Button>
        <Collapse in={open} unmountOnExit id={jsonId}>
          {renderJson(codeBlock(found.json))}
        </Collapse>
      </Box>
    </Stack>
  );
}
