// Left-to-right positions for a workflow: dagre ranks the main flow into columns and branch rows; AI sub-nodes
// sit in a row under the node they serve, as n8n draws them.
import dagre from '@dagrejs/dagre';

export interface LayoutGraph {
  nodes: Array<{ name: string }>;
  links: Array<{ from: string; to: string; type: string }>;
}

const WIDTH = 200;
const HEIGHT = 100;
const SUB_GAP = 160;

export function layout(graph: LayoutGraph): Map<string, [number, number]> {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 60, ranksep: 80, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  const subNodes = new Map<string, string>();
  for (const link of graph.links) if (link.type !== 'main') subNodes.set(link.from, link.to);
  for (const node of graph.nodes)
    if (!subNodes.has(node.name))
      g.setNode(node.name, { width: WIDTH, height: HEIGHT + (hasSubNodes(graph, node.name) ? SUB_GAP : 0) });
  graph.links.forEach((link, i) => {
    // The loop back into a batch node would make dagre rank the body before the loop; leave it out of ranking. A
    // link to a node that is not there (a model's mistake, which the validator reports) has no place to draw.
    if (link.type !== 'main' || !g.hasNode(link.from) || !g.hasNode(link.to) || isBackEdge(graph, link.from, link.to))
      return;
    g.setEdge(link.from, link.to, { weight: 1 }, `e${i}`);
  });
  dagre.layout(g);
  const positions = new Map<string, [number, number]>();
  for (const name of g.nodes()) {
    const n = g.node(name);
    positions.set(name, [Math.round(n.x - WIDTH / 2) + 240, Math.round(n.y - n.height / 2) + 200]);
  }
  const byParent = new Map<string, string[]>();
  for (const [sub, parent] of subNodes) byParent.set(parent, [...(byParent.get(parent) ?? []), sub]);
  for (const [parent, subs] of byParent) {
    const [x, y] = positions.get(parent) ?? [240, 200];
    subs.forEach((sub, i) => positions.set(sub, [x - ((subs.length - 1) * 140) / 2 + i * 140, y + SUB_GAP + 40]));
  }
  return positions;
}

function hasSubNodes(graph: LayoutGraph, name: string): boolean {
  return graph.links.some((l) => l.type !== 'main' && l.to === name);
}

/** True when `to` already reaches `from` through main links (a loop back). */
function isBackEdge(graph: LayoutGraph, from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [to];
  while (stack.length) {
    const at = stack.pop()!;
    if (at === from) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const l of graph.links) if (l.from === at && l.type === 'main' && l.to !== to) stack.push(l.to);
  }
  return false;
}
