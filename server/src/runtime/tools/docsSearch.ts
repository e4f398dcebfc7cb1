// n8n documentation search (the n8n_docs tool): node search and node documentation pages, read offline through
// n8n-mcp's own tools (search_nodes, get_node in docs mode). This server has no web search provider.
import { schema, str, type ToolEnv, type ToolFunction } from './args.ts';
import { ToolError } from './invoke.ts';

const SERVER = 'n8n';
const MAX_DOC_CHARS = 12_000;
const NODE_TYPE = /^[\w@./-]{1,200}$/;

interface FoundNode {
  nodeType?: unknown;
  workflowNodeType?: unknown;
  displayName?: unknown;
  description?: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** n8n-mcp names node types "nodes-base.slack"; workflows name them "n8n-nodes-base.slack": both are accepted. */
function shortType(type: string): string {
  return type.replace(/^n8n-nodes-base\./, 'nodes-base.').replace(/^@n8n\/n8n-nodes-langchain\./, 'nodes-langchain.');
}

async function call(env: ToolEnv, signal: AbortSignal, tool: string, args: Record<string, unknown>): Promise<string> {
  const result = await env.services.callMcp(SERVER, tool, args, signal);
  if (result.isError) throw new ToolError(result.text.split('\n')[0]!.replace(/^Error executing tool \w+: /, ''));
  return result.text;
}

function searchDocs(env: ToolEnv, signal: AbortSignal): ToolFunction {
  return {
    name: 'search_n8n_docs',
    description:
      'Searches the n8n node documentation (n8n-mcp search_nodes): node names, types and what they do. Offline; not a web search.',
    parameters: schema({ query: 'What to look for, e.g. "send slack message" or "google sheets"' }),
    async execute(args) {
      const query = str(args, 'query', 500);
      const found = parseJson(await call(env, signal, 'search_nodes', { query, limit: 8 })) as {
        results?: FoundNode[];
      } | null;
      const results = Array.isArray(found?.results) ? found.results : [];
      if (!results.length) return `No n8n node documentation matches "${query}".`;
      const lines = results.map(
        (n) =>
          `- **${String(n.displayName)}** (\`${String(n.workflowNodeType ?? n.nodeType)}\`): ${String(n.description ?? '')}`,
      );
      return `n8n nodes matching "${query}" (read one with read_n8n_docs and its type):\n${lines.join('\n')}`;
    },
  };
}

function readDocs(env: ToolEnv, signal: AbortSignal): ToolFunction {
  return {
    name: 'read_n8n_docs',
    description:
      "Reads the documentation page of one n8n node (n8n-mcp get_node in docs mode), e.g. 'n8n-nodes-base.slack'.",
    parameters: schema({ node_type: 'The node type, e.g. n8n-nodes-base.slack' }),
    async execute(args) {
      const type = str(args, 'node_type', 200);
      if (!NODE_TYPE.test(type)) throw new ToolError(`"${type}" is not an n8n node type.`);
      const text = await call(env, signal, 'get_node', { nodeType: shortType(type), mode: 'docs' });
      const page = parseJson(text) as { displayName?: unknown; documentation?: unknown } | null;
      const doc = typeof page?.documentation === 'string' ? page.documentation : text;
      // The pages open with docs-site front matter, which says nothing to a reader.
      const body = doc.replace(/^---\n[\s\S]*?\n---\n+/, '').trim();
      return body.length > MAX_DOC_CHARS
        ? `${body.slice(0, MAX_DOC_CHARS)}\n…(${body.length - MAX_DOC_CHARS} more characters)`
        : body;
    },
  };
}

/** The n8n documentation functions, when this deployment's n8n-mcp offers the tools they read through. */
export async function docsFunctions(env: ToolEnv, signal: AbortSignal): Promise<ToolFunction[]> {
  let names: string[];
  try {
    names = (await env.services.mcpTools(SERVER, signal)).map((t) => t.name);
  } catch {
    return [];
  }
  return [
    ...(names.includes('search_nodes') ? [searchDocs(env, signal)] : []),
    ...(names.includes('get_node') ? [readDocs(env, signal)] : []),
  ];
}
