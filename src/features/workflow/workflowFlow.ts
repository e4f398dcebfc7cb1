// The diagram model laid out and turned into React Flow nodes and edges (read-only: nothing drags, selects or
// takes focus). Part of the diagram's lazy chunk.
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import { toDiagram, type NodeKind } from './workflowGraph';
import { layoutDiagram } from './workflowLayout';

const ARROW = { type: MarkerType.ArrowClosed, width: 18, height: 18 };
const AI_STYLE = { strokeDasharray: '6 4' };

/** Which handles a node needs: only those its connections use are drawn. */
export interface NodeHandles {
  in: boolean;
  out: boolean;
  aiIn: boolean;
  aiOut: boolean;
}
export type WorkflowNodeData = { name: string; kind: NodeKind; typeLabel: string; handles: NodeHandles };
export type WorkflowFlowNode = Node<WorkflowNodeData, 'workflow'>;

export interface WorkflowFlow {
  nodes: WorkflowFlowNode[];
  edges: Edge[];
}

export function toFlow(workflow: unknown): WorkflowFlow {
  const diagram = toDiagram(workflow);
  if (!diagram) return { nodes: [], edges: [] };
  const boxes = layoutDiagram(diagram);
  const names = new Map(diagram.nodes.map((n) => [n.id, n.name]));
  const handles = new Map<string, NodeHandles>(
    diagram.nodes.map((n) => [n.id, { in: false, out: false, aiIn: false, aiOut: false }]),
  );
  for (const edge of diagram.edges) {
    if (edge.ai) {
      handles.get(edge.source)!.aiOut = true;
      handles.get(edge.target)!.aiIn = true;
    } else {
      handles.get(edge.source)!.out = true;
      handles.get(edge.target)!.in = true;
    }
  }
  const nodes = diagram.nodes.map((node): WorkflowFlowNode => {
    const box = boxes.get(node.id)!;
    return {
      id: node.id,
      type: 'workflow',
      position: { x: box.x, y: box.y },
      width: box.width,
      height: box.height,
      data: { name: node.name, kind: node.kind, typeLabel: node.typeLabel, handles: handles.get(node.id)! },
      draggable: false,
      selectable: false,
      connectable: false,
      focusable: false,
    };
  });
  const edges = diagram.edges.map((edge): Edge => {
    const label = edge.label ?? undefined;
    return {
      id: edge.id,
      // A bezier from a node's right side back into its left runs under the node; a stepped path goes around it.
      type: edge.source === edge.target ? 'smoothstep' : 'default',
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.ai ? 'ai-out' : 'out',
      targetHandle: edge.ai ? 'ai-in' : 'in',
      label,
      ariaLabel: `${names.get(edge.source)} to ${names.get(edge.target)}${label ? ` (${label})` : ''}`,
      style: edge.ai ? AI_STYLE : undefined,
      markerEnd: edge.ai ? undefined : ARROW,
      focusable: false,
      selectable: false,
    };
  });
  return { nodes, edges };
}
