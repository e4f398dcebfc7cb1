// The functions behind a member's tools list (SPEC §3 tool entries), shared by the built-in and model engines.
import type { AgentConfig } from '../../../../contract/types.ts';
import type { HttpLimits, ToolServices } from '../types.ts';
import { schema, str, type ToolEnv, type ToolFunction } from './args.ts';
import { browserFunctions } from './browser.ts';
import { calculatorFunctions } from './calculator.ts';
import { docsFunctions } from './docsSearch.ts';
import { emailFunctions } from './email.ts';
import { fileFunctions } from './files.ts';
import { httpFunctions } from './http.ts';
import { ToolError } from './invoke.ts';

export type { ToolEnv, ToolFunction } from './args.ts';

/** Defaults of the http_request functions where a deployment sets none (tests, benches). */
const DEFAULT_HTTP_LIMITS: HttpLimits = { allowPrivateHosts: false, timeoutMs: 15_000, maxBytes: 1_000_000 };

function knowledgeSearch(kbIds: string[], env: ToolEnv): ToolFunction {
  return {
    name: 'search_knowledge_base',
    description: "Full-text search of the member's knowledge bases; returns matching passages.",
    parameters: schema({ query: 'What to look for' }),
    async execute(args) {
      const query = str(args, 'query');
      const hits = await env.services.searchKnowledge(kbIds, query, 5);
      if (!hits.length) return `No passages in the attached knowledge bases match "${query}".`;
      return hits
        .map((h, i) => `${i + 1}. **${h.documentName}**: ${h.content.replace(/\s+/g, ' ').trim()}`)
        .join('\n\n');
    },
  };
}

/** The browser tool: the run's real Chromium (tools/browser.ts). */
function browser(env: ToolEnv, signal: AbortSignal): ToolFunction[] {
  return browserFunctions(env.services, signal);
}

/** Function names the model sees: the server id and the tool name, within OpenAI's name rules. */
function functionName(serverId: string, tool: string): string {
  return `${serverId}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

const MAX_RESULT_CHARS = 8000;

/** A tool's text as the timeline keeps it: long node definitions are cut, the engine still reads the whole. */
export function shownResult(text: string): string {
  return text.length > MAX_RESULT_CHARS
    ? `${text.slice(0, MAX_RESULT_CHARS)}\n…(${text.length - MAX_RESULT_CHARS} more characters)`
    : text;
}

/** The real tools of an MCP server (tools/list with the user's credentials); none when it cannot be reached. */
async function mcpFunctions(serverId: string, env: ToolEnv, signal: AbortSignal): Promise<ToolFunction[]> {
  let tools: Awaited<ReturnType<ToolServices['mcpTools']>>;
  try {
    tools = await env.services.mcpTools(serverId, signal);
  } catch {
    return [];
  }
  return tools.map((tool) => ({
    name: functionName(serverId, tool.name),
    toolName: tool.name,
    serverId,
    description: (tool.description || tool.name).slice(0, 1000),
    parameters: (tool.inputSchema?.type === 'object'
      ? tool.inputSchema
      : { type: 'object', properties: {} }) as ToolFunction['parameters'],
    async execute(args) {
      const result = await env.services.callMcp(serverId, tool.name, args, signal);
      if (result.isError) throw new ToolError(shownResult(result.text || `${tool.name} failed.`));
      return result.text;
    },
  }));
}

/**
 * Every function one member may call, from its tools list and knowledge bases: only functions that really work in
 * this deployment (see availability.ts for what is not offered and why; python is never offered: no sandbox).
 */
export async function memberFunctions(
  agent: AgentConfig | undefined,
  env: ToolEnv,
  signal: AbortSignal,
): Promise<ToolFunction[]> {
  const fns: ToolFunction[] = [];
  const kbIds = agent?.knowledge_base_ids ?? [];
  if (kbIds.length && agent?.search_knowledge !== false) fns.push(knowledgeSearch(kbIds, env));
  for (const tool of agent?.tools ?? []) {
    if (tool.type === 'mcp') for (const id of tool.server_ids ?? []) fns.push(...(await mcpFunctions(id, env, signal)));
    else if (tool.type === 'browser') fns.push(...browser(env, signal));
    else if (tool.type === 'http_request')
      fns.push(...httpFunctions(env.services.httpLimits ?? DEFAULT_HTTP_LIMITS, signal));
    else if (tool.type === 'calculator') fns.push(...calculatorFunctions());
    else if (tool.type === 'file') fns.push(...fileFunctions(env));
    else if (tool.type === 'email') fns.push(...emailFunctions(env));
    // Teams saved before n8n_docs asked for web search (duckduckgo): what this server can search is n8n's docs.
    else if (tool.type === 'n8n_docs' || tool.type === 'duckduckgo') fns.push(...(await docsFunctions(env, signal)));
  }
  const seen = new Set<string>();
  return fns.filter((f) => !seen.has(f.name) && seen.add(f.name));
}
