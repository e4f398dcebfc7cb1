// A built-in team member: calls the tools of its tools list with arguments taken from the plan, then reports.
import type { MemberResponse, TeamMember, ToolCall } from '../../../../src/services/contract.ts';
import { memberFunctions, type ToolEnv, type ToolFunction } from '../tools/catalog.ts';
import { invokeTool } from '../tools/invoke.ts';
import { NODE_REFERENCE } from '../tools/reference.ts';
import type { EngineContext, RunEvent } from '../types.ts';
import type { WorkflowPlan } from './plan.ts';
import type { N8nWorkflow } from './workflow.ts';

export interface MemberWork {
  request: string;
  plan: WorkflowPlan;
  workflow: N8nWorkflow;
}

export const memberId = (member: TeamMember): string =>
  (member.agent_config?.name ?? member.name).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'member';

/** Arguments for one function, or null when the function has nothing to do for this request. */
function argsFor(fn: ToolFunction, work: MemberWork, env: ToolEnv): Record<string, unknown> | null {
  const types = new Set(work.workflow.nodes.map((n) => n.type));
  const http = work.plan.actions.find((a) => a.kind === 'http');
  switch (fn.name) {
    case 'search_knowledge_base':
      return { query: work.request.slice(0, 300) };
    case 'duckduckgo_search':
      return { query: work.workflow.nodes.map((n) => n.name).join(' ') };
    case 'browser_open':
      return { url: NODE_REFERENCE.find((n) => types.has(n.type) && n.type !== 'n8n-nodes-base.manualTrigger')?.docs ?? 'https://docs.n8n.io/workflows/' };
    case 'http_request':
      return http ? { method: http.method, url: http.url } : null;
    case 'read_file':
      return env.files[0] ? { file_name: env.files[0].name } : null;
    case 'n8n_validate_workflow':
      return { workflow_json: JSON.stringify(work.workflow) };
    default: {
      // A member checks only the servers this workflow touches, not every server its tools list names.
      const serverId = fn.name.replace(/_check_access$/, '');
      const words = `${serverId.replace(/_/g, ' ')} ${env.services.serverName(serverId)}`.toLowerCase().match(/[a-z0-9]+/g) ?? [];
      const text = work.request.toLowerCase();
      const relevant = words.some((w) => w.length > 2 && new RegExp(`\\b${w}`).test(text)) || (serverId === 'google_sheets' && /spreadsheet/.test(text));
      return relevant ? { purpose: `${work.workflow.name} (${work.workflow.nodes.length} nodes)` } : null;
    }
  }
}

function summarise(member: TeamMember, task: string, calls: ToolCall[], stoppedAtLimit: boolean): string {
  const lines = [`**Task:** ${task}`];
  if (!calls.length) lines.push('', 'No tool was needed for this part; I reviewed the plan against the request.');
  for (const call of calls) {
    const result = String(call.result ?? '').split('\n\n')[0] ?? '';
    const firstLine = result.startsWith('{') ? (String(call.result).split('\n\n')[1] ?? result) : result;
    lines.push('', `- \`${call.tool_name}\`${call.tool_call_error ? ' failed' : ''}: ${firstLine.slice(0, 400)}`);
  }
  if (stoppedAtLimit) lines.push('', `I stopped at my tool call limit (${member.agent_config?.tool_call_limit}).`);
  return lines.join('\n');
}

export async function* runMember(
  member: TeamMember,
  task: string,
  work: MemberWork,
  env: ToolEnv,
  context: EngineContext,
): AsyncGenerator<RunEvent, MemberResponse> {
  const limit = member.agent_config?.tool_call_limit;
  const planned = memberFunctions(member.agent_config, env)
    .map((fn) => ({ fn, args: argsFor(fn, work, env) }))
    .filter((p): p is { fn: ToolFunction; args: Record<string, unknown> } => p.args !== null);
  const allowed = typeof limit === 'number' ? planned.slice(0, limit) : planned;
  const calls: ToolCall[] = [];
  for (const { fn, args } of allowed) {
    calls.push(yield* invokeTool(fn.name, args, () => fn.execute(args), { services: context.services, signal: context.signal, charge: true }));
  }
  const response: MemberResponse = {
    member_id: memberId(member),
    member_name: member.agent_config?.name ?? member.name,
    content: summarise(member, task, calls, allowed.length < planned.length),
    tools: calls,
    model: 'builtin',
    created_at: Math.floor(Date.now() / 1000),
  };
  yield { kind: 'member_response', response, task };
  return response;
}
