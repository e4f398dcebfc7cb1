// The importable n8n workflow JSON: stable node ids, versions from the definitions, positions and connections.
import { createHash } from 'node:crypto';
import type { Graph } from './graph.ts';
import { layout } from './layout.ts';

export interface N8nNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  webhookId?: string;
  onError?: 'continueErrorOutput';
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

/** A stable UUID-shaped id, so the same request always gives byte-identical JSON. */
function stableId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const WEBHOOK_TYPES = /\.(?:webhook|formTrigger|chatTrigger)$|Trigger$/;

export function toN8n(name: string, graph: Graph, version: (type: string) => number): N8nWorkflow {
  const positions = layout(graph);
  const nodes: N8nNode[] = graph.nodes.map((n) => ({
    id: stableId(`${name}:${n.name}:${n.type}`),
    name: n.name,
    type: n.type,
    typeVersion: version(n.type),
    position: positions.get(n.name) ?? [0, 0],
    parameters: n.parameters,
    ...(WEBHOOK_TYPES.test(n.type) && !/schedule|manual|imap|gmailTrigger|rssFeedReadTrigger/i.test(n.type)
      ? { webhookId: stableId(`${name}:${n.name}:webhook`) }
      : {}),
    ...(n.onError ? { onError: n.onError } : {}),
  }));
  const connections: N8nConnections = {};
  for (const link of graph.links) {
    const outputs = ((connections[link.from] ??= {})[link.type] ??= []);
    while (outputs.length <= link.output) outputs.push([]);
    outputs[link.output]!.push({ node: link.to, type: link.type, index: link.input });
  }
  return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}
