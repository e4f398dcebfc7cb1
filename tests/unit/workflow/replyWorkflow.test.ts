import { createdWorkflowUrl, findReplyWorkflow, workflowFileName } from '../../../src/features/workflow/replyWorkflow';

const workflow = { name: 'Schedule Trigger → Slack', nodes: [{ name: 'A', type: 't' }], connections: {} };
const json = JSON.stringify(workflow, null, 2);
const reply = `Here it is.\n\n\`\`\`json\n${json}\n\`\`\`\n\nDone.`;

describe('the workflow in a reply', () => {
  it('finds a closed json fence holding nodes and connections, with where it starts and ends', () => {
    const found = findReplyWorkflow(reply)!;
    expect(found.name).toBe('Schedule Trigger → Slack');
    expect(found.json).toBe(json);
    expect(reply.slice(0, found.start)).toBe('Here it is.\n\n');
    expect(reply.slice(found.end)).toBe('\n\nDone.');
  });

  it('finds nothing while the fence is still open, or when the JSON is invalid or not a workflow', () => {
    expect(findReplyWorkflow(`Here\n\n\`\`\`json\n${json}`)).toBeNull();
    expect(findReplyWorkflow('```json\n{"nodes": [\n```')).toBeNull();
    expect(findReplyWorkflow('```json\n{"nodes": [], "connections": []}\n```')).toBeNull();
    expect(findReplyWorkflow('```js\n{"nodes": [], "connections": {}}\n```')).toBeNull();
    expect(findReplyWorkflow('No code at all')).toBeNull();
  });

  it('skips other code blocks before the workflow', () => {
    const found = findReplyWorkflow(`\`\`\`json\n{"a": 1}\n\`\`\`\n\n\`\`\`json\n${json}\n\`\`\``)!;
    expect(found.workflow.nodes).toHaveLength(1);
  });

  it('is the last workflow of a reply that repaired one the validator rejected', () => {
    const broken = '{"name": "Broken", "nodes": [], "connections": {}}';
    const fixed = '{"name": "Fixed", "nodes": [], "connections": {}}';
    const found = findReplyWorkflow(
      `\`\`\`json\n${broken}\n\`\`\`\n\n---\n\nCorrected:\n\n\`\`\`json\n${fixed}\n\`\`\``,
    )!;
    expect(found.name).toBe('Fixed');
  });
});

describe('the created workflow link', () => {
  it('is the first http(s) link whose path ends in /workflow/{id}', () => {
    expect(
      createdWorkflowUrl('[docs](https://n8n.io/docs) then [Open in n8n](https://n8n.example.com/workflow/abc123)'),
    ).toBe('https://n8n.example.com/workflow/abc123');
    expect(createdWorkflowUrl('<http://localhost:5678/workflow/X_9>')).toBe('http://localhost:5678/workflow/X_9');
  });

  it('ignores javascript: and other schemes, other paths and links inside code', () => {
    expect(createdWorkflowUrl('[Open](javascript:alert(1)//workflow/abc)')).toBeNull();
    expect(createdWorkflowUrl('[Open](data:text/html,x/workflow/abc)')).toBeNull();
    expect(createdWorkflowUrl('[Open](https://n8n.example.com/workflows/abc)')).toBeNull();
    expect(createdWorkflowUrl('```\n[Open](https://n8n.example.com/workflow/abc)\n```')).toBeNull();
  });
});

describe('the download file name', () => {
  it('is the slugified workflow name', () => {
    expect(workflowFileName('Schedule Trigger → Slack')).toBe('schedule-trigger-slack.json');
    expect(workflowFileName('Café <b>report</b>')).toBe('cafe-b-report-b.json');
    expect(workflowFileName('→ ←')).toBe('workflow.json');
  });
});
