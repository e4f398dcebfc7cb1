import { render, screen } from '@testing-library/react';
import { WorkflowPanel } from '../../../src/features/workflow/components/WorkflowPanel';
import { findReplyWorkflow } from '../../../src/features/workflow/replyWorkflow';

// The diagram's chunk failing (a network error, or a workflow that breaks the drawing).
jest.mock('../../../src/features/workflow/components/WorkflowCanvas', () => ({
  WorkflowCanvas: () => {
    throw new Error('chunk failed');
  },
}));

it('keeps the reply and its JSON when the diagram cannot be shown', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const found = findReplyWorkflow('```json\n{"name": "W", "nodes": [], "connections": {}}\n```')!;
  render(<WorkflowPanel found={found} n8nUrl={null} renderJson={(code) => <pre>{code}</pre>} />);
  expect(await screen.findByText('The diagram could not be shown; the workflow JSON is below.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy JSON' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Workflow JSON' })).toBeInTheDocument();
});
