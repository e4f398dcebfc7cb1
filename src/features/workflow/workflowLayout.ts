// Where each diagram node goes: the workflow's own positions when they leave every node clear of the others, else a
// left-to-right dagre layout in which AI sub-nodes sit in a row under the node they serve.
import dagre from '@dagrejs/dagre';
import type { DiagramNode, WorkflowDiagram } from './workflowGraph';

const NODE_SIZE = { width: 180, height: 64 };
const SUB_NODE_SIZE = { width: 150, height: 56 };
const GAP = 16;
const SUB_ROW_GAP = 48;
/** Past this many nodes dagre's crossing-reduction sweeps cost more (seconds near 300 nodes) than they give. */
const QUICK_ORDER_FROM = 80;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const sizeOf = (node: DiagramNode) => (node.kind === 'ai' ? SUB_NODE_SIZE : NODE_SIZE);

function overlap(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width + GAP / 2 &&
    b.x < a.x + a.width + GAP / 2 &&
    a.y < b.y + b.height + GAP / 2 &&
    b.y < a.y + a.height + GAP / 2
  );
}

/** Top-left corner and size of every node, by id. */
export function layoutDiagram(diagram: WorkflowDiagram): Map<string, Box> {
  return ownLayout(diagram.nodes) ?? dagreLayout(diagram);
}

function ownLayout(nodes: DiagramNode[]): Map<string, Box> | null {
  const boxes = new Map<string, Box>();
  for (const node of nodes) {
    if (!node.position) return null;
    const box = { ...node.position, ...sizeOf(node) };
    for (const other of boxes.values()) if (overlap(box, other)) return null;
    boxes.set(node.id, box);
  }
  return boxes;
}

/** Sub-nodes grouped under the node their first `ai_*` connection serves; no node both serves and is served. */
function subNodeGroups({ nodes, edges }: WorkflowDiagram): Map<string, string[]> {
  const kind = new Map(nodes.map((n) => [n.id, n.kind]));
  const owner = new Map<string, string>();
  const groups = new Map<string, string[]>();
  for (const edge of edges) {
    const { source, target } = edge;
    if (!edge.ai || kind.get(source) !== 'ai' || source === target) continue;
    if (owner.has(source) || owner.has(target) || groups.has(source)) continue;
    owner.set(source, target);
    groups.set(target, [...(groups.get(target) ?? []), source]);
  }
  return groups;
}

function dagreLayout(diagram: WorkflowDiagram): Map<string, Box> {
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const groups = subNodeGroups(diagram);
  const ownerOf = new Map([...groups].flatMap(([owner, subs]) => subs.map((sub) => [sub, owner] as const)));
  const rowWidth = (subs: string[]) => subs.length * SUB_NODE_SIZE.width + (subs.length - 1) * GAP;
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', nodesep: 32, ranksep: 72, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of diagram.nodes) {
    if (ownerOf.has(node.id)) continue;
    const subs = groups.get(node.id);
    const size = sizeOf(node);
    graph.setNode(
      node.id,
      subs
        ? { width: Math.max(size.width, rowWidth(subs)), height: size.height + SUB_ROW_GAP + SUB_NODE_SIZE.height }
        : { ...size },
    );
  }
  for (const edge of diagram.edges) {
    const source = ownerOf.get(edge.source) ?? edge.source;
    const target = ownerOf.get(edge.target) ?? edge.target;
    if (source === target) continue;
    graph.setEdge(source, target, edge.label ? { width: edge.label.length * 7 + 8, height: 16, labelpos: 'c' } : {});
  }
  dagre.layout(graph, { disableOptimalOrderHeuristic: diagram.nodes.length >= QUICK_ORDER_FROM });
  const boxes = new Map<string, Box>();
  for (const id of graph.nodes()) {
    const { x = 0, y = 0, width, height } = graph.node(id);
    const left = x - width / 2;
    const top = y - height / 2;
    const size = sizeOf(byId.get(id)!);
    const subs = groups.get(id);
    boxes.set(id, { x: left + (width - size.width) / 2, y: top, ...size });
    if (!subs) continue;
    const start = left + (width - rowWidth(subs)) / 2;
    subs.forEach((sub, i) => {
      boxes.set(sub, {
        x: start + i * (SUB_NODE_SIZE.width + GAP),
        y: top + size.height + SUB_ROW_GAP,
        ...SUB_NODE_SIZE,
      });
    });
  }
  return boxes;
}
