// The importable n8n workflow JSON: stable node ids, versions from the definitions, positions and connections.
import { stableId } from './coreNodes.ts';
import { layout, type LayoutGraph } from './layout.ts';

export interface N8nNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  webhookId?: string;
  /** An error output of its own, or an item that carries the error on to the next node. */
  onError?: 'continueErrorOutput' | 'continueRegularOutput';
  alwaysOutputData?: true;
}

export type N8nConnections = Record<
  string,
  Record<string, Array<Array<{ node: string; type: string; index: number }>>>
>;

export interface N8nWorkflow {
  name: string;
  nodes: N8nNode[];
  connections: N8nConnections;
  settings: { executionOrder: 'v1' };
}

const WEBHOOK_TYPES = /\.(?:webhook|formTrigger|chatTrigger)$|Trigger$/;

interface Graph extends LayoutGraph {
  nodes: Array<{
    name: string;
    type: string;
    typeVersion: number;
    parameters: Record<string, unknown>;
    onError?: N8nNode['onError'];
    alwaysOutputData?: true;
  }>;
  links: Array<{ from: string; output: number; to: string; input: number; type: string }>;
}

/** Code a node runs as it is: its braces are the language's, not n8n's expressions. */
const CODE_KEYS = /^(?:jsCode|pythonCode|functionCode|code|html|css)$/;

/**
 * A text the request wrote with "{{deal.title}}" placeholders is an n8n expression: it needs the "=" n8n reads
 * expressions by, and a bare field name is a field of the incoming item (`$json.deal.title`).
 */
function asExpression(value: string): string {
  if (!/\{\{[^{}]+\}\}/.test(value)) return value;
  const body = value.replace(/\{\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}\}/g, (_, path: string) =>
    /^(?:\$|true$|false$|null$)/.test(path) ? `{{ ${path} }}` : `{{ $json.${path} }}`,
  );
  return body.startsWith('=') ? body : `=${body}`;
}

function withExpressions(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return CODE_KEYS.test(key) ? value : asExpression(value);
  if (Array.isArray(value)) return value.map((v) => withExpressions(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExpressions(v, k)]));
  return value;
}

export function toN8n(name: string, graph: Graph): N8nWorkflow {
  const positions = layout(graph);
  const nodes: N8nNode[] = graph.nodes.map((n) => ({
    id: stableId(`${name}:${n.name}:${n.type}`),
    name: n.name,
    type: n.type,
    typeVersion: n.typeVersion,
    position: positions.get(n.name) ?? [0, 0],
    parameters: withExpressions(n.parameters) as Record<string, unknown>,
    ...(WEBHOOK_TYPES.test(n.type) && !/schedule|manual|imap|gmailTrigger|rssFeedReadTrigger/i.test(n.type)
      ? { webhookId: stableId(`${name}:${n.name}:webhook`) }
      : {}),
    ...(n.onError ? { onError: n.onError } : {}),
    ...(n.alwaysOutputData ? { alwaysOutputData: true as const } : {}),
  }));
  const connections: N8nConnections = {};
  for (const link of graph.links) {
    const outputs = ((connections[link.from] ??= {})[link.type] ??= []);
    while (outputs.length <= link.output) outputs.push([]);
    outputs[link.output]!.push({ node: link.to, type: link.type, index: link.input });
  }
  return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}
