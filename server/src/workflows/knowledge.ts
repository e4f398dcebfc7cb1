// n8n node knowledge through the n8n MCP tools: finding an app's node (search_nodes) and reading a node's
// definition (get_node). Every lookup is a real tool call the caller reports; results are parsed defensively.

/** One MCP tool call made by a member; yields the caller's events (timeline), returns the tool's text. */
export type ToolCaller<E> = (
  tool: string,
  args: Record<string, unknown>,
) => AsyncGenerator<E, { text: string; isError: boolean }>;

export interface NodeProperty {
  name: string;
  displayName?: string;
  type: string;
  required?: boolean;
  default?: unknown;
  /** A fixed collection's groups carry their own settings as `values`. */
  options?: Array<{ name?: string; value?: unknown; values?: NodeProperty[] }>;
  displayOptions?: { show?: Record<string, unknown[]>; hide?: Record<string, unknown[]> };
  typeOptions?: { multipleValues?: boolean };
  modes?: Array<{ name?: string }>;
}

export interface NodeDefinition {
  type: string;
  displayName: string;
  version: number;
  properties: NodeProperty[];
  credentials: Array<{ name: string; required?: boolean; displayOptions?: NodeProperty['displayOptions'] }>;
  isTrigger: boolean;
}

export interface NodeHit {
  type: string;
  displayName: string;
  category: string;
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function parseSearch(text: string): NodeHit[] {
  const results = (json(text) as { results?: unknown[] } | null)?.results;
  if (!Array.isArray(results)) return [];
  return results
    .map((r) => r as Record<string, unknown>)
    .filter((r) => typeof r.workflowNodeType === 'string')
    .map((r) => ({
      type: String(r.workflowNodeType),
      displayName: String(r.displayName ?? ''),
      category: String(r.category ?? ''),
    }));
}

function parseDefinition(text: string, type: string): NodeDefinition | null {
  const raw = json(text) as Record<string, unknown> | null;
  if (!raw || !Array.isArray(raw.properties)) return null;
  const version = Array.isArray(raw.version) ? Math.max(...(raw.version as number[])) : Number(raw.version);
  return {
    type: typeof raw.workflowNodeType === 'string' ? raw.workflowNodeType : type,
    displayName: String(raw.displayName ?? type),
    version: Number.isFinite(version) && version > 0 ? version : 1,
    properties: raw.properties as NodeProperty[],
    credentials: Array.isArray(raw.credentials) ? (raw.credentials as NodeDefinition['credentials']) : [],
    isTrigger: raw.isTrigger === true || /trigger$/i.test(type),
  };
}

/** n8n's node knowledge could not be read (the tool server is down or answers errors): nothing can be grounded. */
export class KnowledgeUnavailableError extends Error {}

/** Per-run memo, so one node type is searched and described once however often it appears. */
export class NodeKnowledge<E> {
  private readonly definitions = new Map<string, NodeDefinition | null>();
  private readonly searches = new Map<string, NodeHit[]>();

  async *search(call: ToolCaller<E>, query: string): AsyncGenerator<E, NodeHit[]> {
    const known = this.searches.get(query);
    if (known) return known;
    const result = yield* call('search_nodes', { query, limit: 8 });
    if (result.isError) throw new KnowledgeUnavailableError(result.text);
    const hits = parseSearch(result.text);
    this.searches.set(query, hits);
    return hits;
  }

  async *describe(call: ToolCaller<E>, type: string): AsyncGenerator<E, NodeDefinition | null> {
    if (this.definitions.has(type)) return this.definitions.get(type)!;
    const result = yield* call('get_node', { nodeType: type, detail: 'full' });
    if (result.isError && !/not found|unknown node/i.test(result.text))
      throw new KnowledgeUnavailableError(result.text);
    const definition = result.isError ? null : parseDefinition(result.text, type);
    this.definitions.set(type, definition);
    return definition;
  }

  definition(type: string): NodeDefinition | null {
    return this.definitions.get(type) ?? null;
  }
}
