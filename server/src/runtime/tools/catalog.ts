// The functions behind a member's tools list (SPEC §3 tool entries), shared by the built-in and model engines.
import type { AgentConfig } from '../../../../contract/types.ts';
import type { RunFile, ToolServices } from '../types.ts';
import { browserFunctions } from './browser.ts';
import { ToolError } from './invoke.ts';
import { NODE_REFERENCE } from './reference.ts';

export interface ToolEnv {
  services: ToolServices;
  runId: string;
  userId: string;
  files: RunFile[];
}

type JsonSchema = {
  type: 'object';
  properties: Record<string, { type: string; description: string }>;
  required: string[];
};

export interface ToolFunction {
  /** The name the model calls it by (MCP tools: namespaced by server). */
  name: string;
  /** The name the timeline shows: the MCP tool's own name, else the function name. */
  toolName?: string;
  serverId?: string;
  description: string;
  parameters: JsonSchema | Record<string, unknown>;
  execute(args: Record<string, unknown>): Promise<string>;
}

const schema = (props: Record<string, string>): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(props).map(([k, d]) => [k, { type: 'string', description: d }])),
  required: Object.keys(props),
});

const str = (args: Record<string, unknown>, key: string): string => {
  const value = args[key];
  if (typeof value !== 'string' || !value.trim())
    throw new ToolError(`The argument "${key}" must be a non-empty string.`);
  return value.trim().slice(0, 4000);
};

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

function referenceSearch(name: string, description: string): ToolFunction {
  return {
    name,
    description,
    parameters: schema({ query: 'Search terms' }),
    async execute(args) {
      const words =
        str(args, 'query')
          .toLowerCase()
          .match(/[a-z0-9]+/g) ?? [];
      const hits = NODE_REFERENCE.filter((n) => words.some((w) => n.keywords.includes(w)));
      if (!hits.length)
        return 'No entries of the n8n node reference match the query (the reference server has no web access).';
      return hits.map((n) => `- **${n.name}** (\`${n.type}\`): ${n.summary} ${n.docs}`).join('\n');
    },
  };
}

/** The browser tool: the run's real Chromium (tools/browser.ts). */
function browser(env: ToolEnv, signal: AbortSignal): ToolFunction[] {
  return browserFunctions(env.services, signal);
}

function httpRequest(): ToolFunction {
  return {
    name: 'http_request',
    description: 'Checks an HTTP request the workflow will make (method and URL); it is not sent from here.',
    parameters: schema({ method: 'GET, POST, PUT, PATCH or DELETE', url: 'Absolute http(s) URL' }),
    async execute(args) {
      const method = str(args, 'method').toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
        throw new ToolError(`Unsupported method ${method}.`);
      let url: URL;
      try {
        url = new URL(str(args, 'url'));
      } catch {
        throw new ToolError('The URL is not valid.');
      }
      if (!/^https?:$/.test(url.protocol)) throw new ToolError('Only http and https URLs are supported.');
      const query = [...url.searchParams.keys()];
      return `${method} ${url.origin}${url.pathname} is well formed${query.length ? ` (query parameters: ${query.join(', ')})` : ''}. The HTTP Request node will send it when the workflow runs.`;
    },
  };
}

function readFile(env: ToolEnv): ToolFunction {
  return {
    name: 'read_file',
    description: 'Reads a file the user attached to this chat.',
    parameters: schema({ file_name: 'Name of the attached file' }),
    async execute(args) {
      const name = str(args, 'file_name');
      const file =
        env.files.find((f) => f.name === name) ?? env.files.find((f) => f.name.toLowerCase() === name.toLowerCase());
      if (!file)
        throw new ToolError(
          `No attached file is named "${name}". Attached: ${env.files.map((f) => f.name).join(', ') || 'none'}.`,
        );
      if (file.text === null) return `${file.name} (${file.contentType}, ${file.size} bytes) is not a text file.`;
      return file.text.length > 4000
        ? `${file.text.slice(0, 4000)}\n…(${file.text.length - 4000} more characters)`
        : file.text;
    },
  };
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

/** Every function one member may call, from its tools list, knowledge bases and the chat's files. */
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
    else if (tool.type === 'http_request') fns.push(httpRequest());
    else if (tool.type === 'duckduckgo')
      fns.push(referenceSearch('duckduckgo_search', 'Looks up n8n nodes in the built-in node reference.'));
    else if (tool.type === 'file' && env.files.length) fns.push(readFile(env));
  }
  const seen = new Set<string>();
  return fns.filter((f) => !seen.has(f.name) && seen.add(f.name));
}
