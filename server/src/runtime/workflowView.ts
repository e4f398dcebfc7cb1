// This server's live view of the workflow a run is building, the page every run's browser opens first: the node
// types the team reads as it designs, then the built workflow's nodes and links, from the stored reply.
import { workflowJsonSchema, type WorkflowJson } from '../../../contract/frames.ts';
import type { ReplyWorkflow, ToolCall } from '../../../contract/types.ts';
import { escapeHtml } from './computerPage.ts';

export interface WorkflowView {
  done: boolean;
  name: string | null;
  nodes: Array<{ name: string; type: string }>;
  /** [from, to] node names. */
  links: Array<[string, string]>;
  /** Node types whose definitions the team has read so far (before the workflow is built). */
  lookedUp: string[];
}

export const WORKFLOW_VIEW_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The newest workflow the team handed to a tool (the validator, or n8n when it creates it): the draft so far. */
function latestDraft(calls: ToolCall[]): WorkflowJson | null {
  for (let i = calls.length - 1; i >= 0; i -= 1) {
    const args = calls[i]!.tool_args;
    const parsed = workflowJsonSchema.safeParse(args.workflow ?? args);
    if (parsed.success) return parsed.data;
  }
  return null;
}

export function workflowView(row: {
  toolCalls: ToolCall[];
  workflow: ReplyWorkflow | null;
  done: boolean;
}): WorkflowView {
  const lookedUp = [
    ...new Set(
      row.toolCalls
        .filter((t) => t.tool_name === 'get_node' && typeof t.tool_args.nodeType === 'string')
        .map((t) => String(t.tool_args.nodeType)),
    ),
  ].slice(0, 100);
  const built = row.workflow?.workflow ?? latestDraft(row.toolCalls);
  if (!built) return { done: row.done, name: null, nodes: [], links: [], lookedUp };
  const at = (p: [number, number] | undefined) => p ?? [0, 0];
  const nodes = [...built.nodes]
    .sort((a, b) => at(a.position)[0] - at(b.position)[0] || at(a.position)[1] - at(b.position)[1])
    .map((n) => ({ name: n.name, type: n.type }));
  const links: Array<[string, string]> = [];
  for (const [from, outputs] of Object.entries(built.connections))
    for (const branches of Object.values(outputs))
      for (const branch of branches) for (const to of branch ?? []) links.push([from, to.node]);
  return { done: row.done, name: built.name, nodes, links, lookedUp };
}

export function renderWorkflowViewPage(runId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workflow being built</title>
<style>
  :root { font-family: system-ui, sans-serif; color-scheme: light; }
  body { margin: 0; background: #f4f5f9; color: #1d1d26; }
  header { padding: 1.2rem 1.6rem; background: #ff6d5a; color: #fff; }
  h1 { margin: 0; font-size: 1.4rem; } #status { margin: .3rem 0 0; opacity: .9; }
  ol { list-style: none; margin: 0; padding: 1.2rem 1.6rem; display: grid; gap: .7rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
  li { background: #fff; border-radius: .6rem; padding: .8rem 1rem; box-shadow: 0 1px 3px #0002; display: grid; gap: .3rem; border-left: 4px solid #ff6d5a; }
  li.reading { border-left-color: #8a8aa0; opacity: .85; }
  small { color: #55556a; word-break: break-word; }
</style>
</head>
<body>
<header><h1 id="name">Workflow being built</h1><p id="status">Run ${escapeHtml(runId.slice(0, 8))}: waiting for the team</p></header>
<ol id="nodes"></ol>
<script src="/computer/assets/workflow.js"></script>
</body>
</html>`;
}
