// Turns n8n workflow JSON (untrusted: it comes from a reply) into a diagram model: named, classified nodes and
// labelled edges. Positions are workflowLayout.ts's business.

export type NodeKind = 'trigger' | 'action' | 'ai' | 'flow';

export interface DiagramNode {
  id: string;
  name: string;
  kind: NodeKind;
  /** A short readable form of the n8n type: "Slack", "HTTP Request". */
  typeLabel: string;
  /** The node's own [x, y] when the JSON has a usable one. */
  position: { x: number; y: number } | null;
}

export interface DiagramEdge {
  id: string;
  source: string;
  target: string;
  /** An `ai_*` connection: drawn dashed, from the sub-node into the node it serves. */
  ai: boolean;
  label: string | null;
}

export interface WorkflowDiagram {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

const MAX_EDGES = 3000;
const TRIGGER_NAMES = new Set(['webhook', 'formTrigger', 'chatTrigger', 'manualTrigger', 'emailReadImap']);
const FLOW_NAMES = new Set(['if', 'switch', 'merge', 'compareDatasets', 'splitInBatches', 'filter', 'wait']);
const AI_PREFIXES = ['lm', 'tool', 'memory', 'outputParser', 'embeddings'];
const ACRONYMS: Record<string, string> = {
  Http: 'HTTP',
  Api: 'API',
  Ai: 'AI',
  Imap: 'IMAP',
  Lm: 'LM',
  Url: 'URL',
  Json: 'JSON',
  Sql: 'SQL',
  Rss: 'RSS',
  Ftp: 'FTP',
  Ssh: 'SSH',
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The part of an n8n type after its package: "n8n-nodes-base.slack" → "slack". */
function baseType(type: string): string {
  return type.slice(type.lastIndexOf('.') + 1);
}

export function nodeKind(type: string): NodeKind {
  const base = baseType(type);
  if (/trigger$/i.test(base) || TRIGGER_NAMES.has(base)) return 'trigger';
  if (FLOW_NAMES.has(base)) return 'flow';
  if (type.includes('langchain') && AI_PREFIXES.some((prefix) => base.startsWith(prefix))) return 'ai';
  return 'action';
}

export function typeLabel(type: string): string {
  const words = baseType(type)
    .replace(/^lm(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return words
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ')
    .replace(/\bOpen AI\b/, 'OpenAI')
    .slice(0, 40);
}

function position(value: unknown): DiagramNode['position'] {
  if (!Array.isArray(value) || value.length < 2) return null;
  const [x, y] = value as unknown[];
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/** What n8n calls output `index` of the node, when it names it. */
function outputLabel(node: Json, index: number): string | null {
  const base = baseType(typeof node.type === 'string' ? node.type : '');
  const parameters = isObject(node.parameters) ? node.parameters : {};
  if (base === 'if') return ['true', 'false'][index] ?? null;
  if (base === 'splitInBatches' && typeof node.typeVersion === 'number' && node.typeVersion >= 3)
    return ['done', 'loop'][index] ?? null;
  if (base === 'switch') {
    const rules = isObject(parameters.rules) && Array.isArray(parameters.rules.values) ? parameters.rules.values : [];
    const options = isObject(parameters.options) ? parameters.options : {};
    if (index === rules.length && options.fallbackOutput === 'extra') return 'Fallback';
    const rule: unknown = rules[index];
    const key = isObject(rule) && typeof rule.outputKey === 'string' ? rule.outputKey.trim() : '';
    return key || `Output ${index}`;
  }
  // Compare Datasets sorts the two lists into four outputs.
  if (base === 'compareDatasets') return ['In A only', 'Same', 'Different', 'In B only'][index] ?? null;
  if (node.onError === 'continueErrorOutput') return ['success', 'error'][index] ?? null;
  return null;
}

function inputLabel(node: Json, index: number): string | null {
  const base = typeof node.type === 'string' ? baseType(node.type) : '';
  if (base === 'compareDatasets') return ['Input A', 'Input B'][index] ?? null;
  return base === 'merge' ? `Input ${index + 1}` : null;
}

/** The diagram of a workflow, or null when it has no `nodes` array and `connections` object. */
export function toDiagram(workflow: unknown): WorkflowDiagram | null {
  if (!isObject(workflow) || !Array.isArray(workflow.nodes) || !isObject(workflow.connections)) return null;
  const nodes: DiagramNode[] = [];
  const raw = new Map<string, Json>();
  const byName = new Map<string, string>();
  workflow.nodes.forEach((value: unknown, i) => {
    if (!isObject(value)) return;
    const type = typeof value.type === 'string' ? value.type : '';
    // Sticky notes are annotations: they cover other nodes on purpose.
    if (baseType(type) === 'stickyNote') return;
    const id = `n${i}`;
    const name = typeof value.name === 'string' && value.name.trim() !== '' ? value.name : '';
    if (name && !byName.has(name)) byName.set(name, id);
    raw.set(id, value);
    nodes.push({
      id,
      name: name || '(unnamed node)',
      kind: nodeKind(type),
      typeLabel: typeLabel(type),
      position: position(value.position),
    });
  });
  const edges: DiagramEdge[] = [];
  for (const [sourceName, byType] of Object.entries(workflow.connections)) {
    const source = byName.get(sourceName);
    if (!source || !isObject(byType)) continue;
    for (const [type, outputs] of Object.entries(byType)) {
      if (!Array.isArray(outputs)) continue;
      const ai = type !== 'main';
      outputs.forEach((links: unknown, output) => {
        if (!Array.isArray(links)) return;
        for (const link of links) {
          const target = isObject(link) && typeof link.node === 'string' ? byName.get(link.node) : undefined;
          if (!target || edges.length >= MAX_EDGES) continue;
          const input = isObject(link) && typeof link.index === 'number' ? link.index : 0;
          const label = ai ? null : (outputLabel(raw.get(source)!, output) ?? inputLabel(raw.get(target)!, input));
          edges.push({ id: `e${edges.length}`, source, target, ai, label });
        }
      });
    }
  }
  markSubNodes(nodes, edges);
  return { nodes, edges };
}

/** A node that only feeds `ai_*` connections is an AI sub-node, whatever its type says. */
function markSubNodes(nodes: DiagramNode[], edges: DiagramEdge[]): void {
  const feedsAi = new Set(edges.filter((e) => e.ai).map((e) => e.source));
  const inMain = new Set(edges.filter((e) => !e.ai).flatMap((e) => [e.source, e.target]));
  for (const node of nodes) if (feedsAi.has(node.id) && !inMain.has(node.id)) node.kind = 'ai';
}
