// Structural checks n8n's validator does not make: no placeholder node, no output left dangling, every Merge input
// fed, every AI cluster complete. The builder reports them; the quality benchmark counts them.
import type { N8nWorkflow } from './n8nJson.ts';
import { mainOutputs } from './nodeParameters.ts';

const PLACEHOLDER = /^(?:next step|placeholder|todo|tbd|step \d+|untitled)$/i;

function outputsOf(wf: N8nWorkflow, name: string): number {
  return mainOutputs(wf.nodes.find((n) => n.name === name)!);
}

export function structuralProblems(wf: N8nWorkflow): string[] {
  const problems: string[] = [];
  const incoming = new Map<string, Set<number>>();
  const aiInto = new Map<string, Set<string>>();
  for (const [, byType] of Object.entries(wf.connections)) {
    for (const [type, outputs] of Object.entries(byType)) {
      for (const links of outputs) {
        for (const l of links ?? []) {
          if (!wf.nodes.some((n) => n.name === l.node))
            problems.push(`A connection points at the unknown node "${l.node}".`);
          if (type === 'main') incoming.set(l.node, (incoming.get(l.node) ?? new Set()).add(l.index));
          else aiInto.set(l.node, (aiInto.get(l.node) ?? new Set()).add(type));
        }
      }
    }
  }
  const subNodes = new Set(
    Object.entries(wf.connections)
      .filter(([, c]) => Object.keys(c).some((k) => k.startsWith('ai_')))
      .map(([n]) => n),
  );
  for (const node of wf.nodes) {
    if (PLACEHOLDER.test(node.name)) problems.push(`"${node.name}" is a placeholder.`);
    if (subNodes.has(node.name)) continue;
    const short = node.type.split('.').pop() ?? '';
    const isTrigger = /trigger$/i.test(short) || short === 'webhook' || short === 'emailReadImap';
    if (!isTrigger && !incoming.has(node.name)) problems.push(`"${node.name}" has no input.`);
    if (short !== 'noOp' && !(short === 'set' && /^Mark as /.test(node.name))) {
      const wired = wf.connections[node.name]?.main ?? [];
      const count = outputsOf(wf, node.name);
      // A last step's success output, and a batch loop's "done" output, may end the workflow.
      // Compare Datasets: the outputs the request did not ask about may end too.
      // A poll's test, whose other side goes back to its Wait: once the test holds, the workflow may end.
      const polls =
        short === 'if' && (wired[1] ?? []).some((l) => wf.nodes.find((n) => n.name === l.node)?.type.endsWith('.wait'));
      const mayEnd = (i: number) =>
        short === 'compareDatasets' ||
        (i === 0 && polls) ||
        (i === 0 && (count === 1 + (node.onError ? 1 : 0) || short === 'splitInBatches'));
      if (count > 1 || wired.length)
        for (let i = 0; i < count; i++)
          if (!wired[i]?.length && !mayEnd(i)) problems.push(`Output ${i} of "${node.name}" leads nowhere.`);
    }
    const rules = (node.parameters as { mode?: string; rules?: { values?: unknown[] } }).rules;
    if (short === 'switch' && (node.parameters as { mode?: string }).mode !== 'expression' && !rules?.values?.length)
      problems.push(`"${node.name}" has no routes.`);
    if (short === 'merge' || short === 'compareDatasets') {
      const inputs = Number((node.parameters as { numberInputs?: number }).numberInputs ?? 2);
      for (let i = 0; i < inputs; i++)
        if (!incoming.get(node.name)?.has(i)) problems.push(`Input ${i + 1} of "${node.name}" is not fed.`);
    }
    if (
      /^(?:agent|informationExtractor|textClassifier)$/.test(short) &&
      !aiInto.get(node.name)?.has('ai_languageModel')
    )
      problems.push(`"${node.name}" has no chat model.`);
  }
  return problems;
}
