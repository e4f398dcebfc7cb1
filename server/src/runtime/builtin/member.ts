// A built-in team member without a workflow phase: calls the other tools of its tools list for the request.
import type { MemberResponse, TeamMember, ToolCall } from '../../../../contract/types.ts';
import { argsShown, type ToolEnv, type ToolFunction } from '../tools/args.ts';
import { invokeTool } from '../tools/invoke.ts';
import { NODE_REFERENCE } from '../tools/reference.ts';
import type { EngineContext, RunEvent } from '../types.ts';

export const memberId = (member: TeamMember): string =>
  (member.agent_config?.name ?? member.name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'member';

/** Arguments for one function, or null when it has nothing to do for this request (MCP tools are the phases'). */
function argsFor(fn: ToolFunction, request: string, nodeNames: string[], env: ToolEnv): Record<string, unknown> | null {
  const http = /\bhttps?:\/\/[^\s)>\]"']+/.exec(request)?.[0]?.replace(/[.,;:!?]+$/, '');
  switch (fn.name) {
    case 'search_knowledge_base':
      return { query: request.slice(0, 300) };
    case 'search_n8n_docs':
      return { query: nodeNames.join(' ') || request.slice(0, 200) };
    case 'open_url': {
      const words = request.toLowerCase();
      const ref = NODE_REFERENCE.find((n) => n.keywords.some((k) => words.includes(k)) && !/trigger$/i.test(n.type));
      return { url: ref?.docs ?? 'https://docs.n8n.io/workflows/' };
    }
    // Only a GET of an address the user named: sending anything else is not the built-in planner's guess to make.
    case 'http_get':
      return http ? { url: http } : null;
    case 'list_files':
      return env.files.length > 1 ? {} : null;
    case 'read_file':
      return env.files[0] ? { file_name: env.files[0].name } : null;
    default:
      return null;
  }
}

function summarise(task: string, calls: ToolCall[], stoppedAtLimit: boolean, limit: unknown): string {
  const lines = [`**Task:** ${task}`];
  for (const call of calls) {
    const result = String(call.result ?? '');
    const text = result.startsWith('{') ? (result.split('\n\n')[1] ?? result) : result;
    lines.push(
      '',
      `- \`${call.tool_name}\`${call.tool_call_error ? ' failed' : ''}: ${text.split('\n')[0]!.slice(0, 400)}`,
    );
  }
  if (stoppedAtLimit) lines.push('', `I stopped at my tool call limit (${String(limit)}).`);
  return lines.join('\n');
}

export function memberResponse(member: TeamMember, content: string, calls: ToolCall[]): MemberResponse {
  return {
    member_id: memberId(member),
    member_name: member.agent_config?.name ?? member.name,
    content,
    tools: calls,
    model: 'builtin',
    created_at: Math.floor(Date.now() / 1000),
  };
}

/**
 * A member with knowledge bases searches them for its part before it works (the timeline shows the search), and
 * the passage it found goes into the reply.
 */
export async function* searchOwnKnowledge(
  fns: ToolFunction[],
  request: string,
  context: EngineContext,
  calls: ToolCall[],
): AsyncGenerator<RunEvent, string | null> {
  const fn = fns.find((f) => f.name === 'search_knowledge_base');
  if (!fn) return null;
  const args = { query: request.slice(0, 300) };
  const call = yield* invokeTool(fn.name, args, () => fn.execute(args), {
    services: context.services,
    signal: context.signal,
    charge: true,
  });
  calls.push(call);
  const result = String(call.result ?? '');
  return !call.tool_call_error && /^1\. /.test(result) ? result.split('\n\n')[0]!.replace(/^1\. /, '') : null;
}

const MAX_NAMED_PAGES = 3;

function namedPages(request: string): string[] {
  const found = (request.match(/\bhttps?:\/\/[^\s)>\]"']+/g) ?? []).map((u) => u.replace(/[.,;:!?]+$/, ''));
  return [...new Set(found)].slice(0, MAX_NAMED_PAGES);
}

export interface PlannedCall {
  fn: ToolFunction;
  args: Record<string, unknown>;
}

/** The calls a member without a workflow phase makes for this request: none means it has no part in it. */
export function otherMemberCalls(
  fns: ToolFunction[],
  request: string,
  nodeNames: string[],
  env: ToolEnv,
): PlannedCall[] {
  return fns.flatMap((fn) => {
    // The browser opens the pages the user named (a few at most), else the documentation of a node it uses.
    const named = fn.name === 'open_url' ? namedPages(request) : [];
    if (named.length) return named.map((url) => ({ fn, args: { url } }));
    const args = argsFor(fn, request, nodeNames, env);
    return args ? [{ fn, args }] : [];
  });
}

export async function* runOtherMember(
  member: TeamMember,
  task: string,
  planned: PlannedCall[],
  context: EngineContext,
): AsyncGenerator<RunEvent, MemberResponse> {
  const limit = member.agent_config?.tool_call_limit;
  const allowed = typeof limit === 'number' ? planned.slice(0, limit) : planned;
  const calls: ToolCall[] = [];
  for (const { fn, args } of allowed) {
    calls.push(
      yield* invokeTool(fn.toolName ?? fn.name, argsShown(fn, args), () => fn.execute(args), {
        services: context.services,
        signal: context.signal,
        charge: true,
      }),
    );
  }
  const response = memberResponse(member, summarise(task, calls, allowed.length < planned.length, limit), calls);
  yield { kind: 'member_response', response, task };
  return response;
}
