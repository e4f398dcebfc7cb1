// Creates a validated workflow in the user's own n8n (inactive), or updates the one a follow-up edits, and links to
// it: shared by the built-in team and the model engine, so both deploy the same way.
import type { ToolCaller } from '../workflows/knowledge.ts';
import type { N8nWorkflow } from '../workflows/n8nJson.ts';
import type { Deployment } from '../workflows/reply.ts';
import type { RunEvent, ToolServices } from './types.ts';

function idOf(text: string): string | null {
  try {
    const raw = JSON.parse(text) as { id?: unknown; data?: { id?: unknown } };
    const id = raw.data?.id ?? raw.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return /"id"\s*:\s*"([\w-]+)"/.exec(text)?.[1] ?? null;
  }
}

export interface DeployRequest {
  workflow: N8nWorkflow;
  /** Valid by n8n's validator: only a valid workflow is created. */
  valid: boolean;
  /** The id in the user's n8n of the workflow a follow-up edits. */
  previousId: string | null;
  /** The n8n tools this run has (the instance tools only with the user's n8n credentials). */
  tools: string[];
}

/** The deployment and a one-line report for the member's answer. */
export async function* deployWorkflow(
  request: DeployRequest,
  call: ToolCaller<RunEvent>,
  services: ToolServices,
): AsyncGenerator<RunEvent, { deployment: Deployment; report: string }> {
  const can = (t: string) => request.tools.includes(t);
  if (!can('n8n_create_workflow'))
    return { deployment: {}, report: 'Not created in n8n: no n8n credentials are saved.' };
  if (!request.valid) {
    const problem = 'I did not create it in your n8n because validation still reports errors (listed above).';
    return { deployment: { problem }, report: problem };
  }
  const { name, nodes, connections, settings } = request.workflow;
  const update = Boolean(request.previousId && can('n8n_update_full_workflow'));
  const result = update
    ? yield* call('n8n_update_full_workflow', { id: request.previousId, name, nodes, connections, settings })
    : yield* call('n8n_create_workflow', { name, nodes, connections, settings });
  const id = result.isError ? null : (idOf(result.text) ?? (update ? request.previousId : null));
  const base = await services.credentialLink('n8n', 'N8N_BASE_URL');
  if (!id || !base) {
    const problem = `Creating it in your n8n failed: ${result.text.split('\n')[0]!.slice(0, 200)}`;
    return { deployment: { problem }, report: problem };
  }
  const url = `${base}/workflow/${encodeURIComponent(id)}`;
  return {
    deployment: { url, updated: update },
    report: `${update ? 'Updated' : 'Created'} in n8n (inactive): ${url}`,
  };
}

/** The n8n workflow id in a link to it (`…/workflow/{id}`). */
export function workflowIdOf(url: string | null | undefined): string | null {
  return /\/workflow\/([\w-]+)$/.exec(url ?? '')?.[1] ?? null;
}
