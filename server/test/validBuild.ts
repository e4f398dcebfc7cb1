// A request built by the team and checked by n8n-mcp's validator: the workflow, with no validator error.
import assert from 'node:assert/strict';
import { teamReply, type realPool } from '../bench/workflowQuality.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { parseValidation } from '../src/workflows/validation.ts';

export async function validBuild(pool: ReturnType<typeof realPool>, request: string): Promise<N8nWorkflow> {
  const { workflow, text } = await teamReply([request], pool);
  assert.ok(workflow, text.slice(0, 400));
  const validation = await pool.callTool('n8n', null, 'validate_workflow', { workflow });
  assert.deepEqual(parseValidation(validation.text, validation.isError).errors, []);
  return workflow;
}
