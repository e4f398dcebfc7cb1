// Builds an n8n workflow for a spec in three member phases: design (plan the nodes and connections from the spec and
// n8n's catalogue), configure (read each node type's definition with get_node and build the draft through its
// operations) and validate (n8n-mcp's validator, repairing what it reports, bounded).
import { answerStatus } from './statusCheck.ts';
import { readBody } from './webhookBody.ts';
import { nodeCatalog } from './catalog/nodeCatalog.ts';
import { DraftError, WorkflowDraft } from './draft.ts';
import { isShown, optionValues, type Intent } from './configure.ts';
import type { NodeDefinition, NodeKnowledge, ToolCaller } from './knowledge.ts';
import type { N8nWorkflow } from './n8nJson.ts';
import { appDisplayName, planWorkflow, type Link, type Plan } from './plan.ts';
import { readApprovalAnswers } from './approvals.ts';
import { type WorkflowSpec, walkSteps } from './spec.ts';
import { stateEvents } from './stateEvents.ts';
import { parseValidation, repair, type ValidationReport } from './validation.ts';
import { scheduleText } from './wording.ts';

export interface Design {
  spec: WorkflowSpec;
  plan: Plan;
  notes: string[];
}

export interface Built {
  draft: WorkflowDraft;
  workflow: N8nWorkflow;
  /** Per node, what the user still gives (placeholders), named in the reply. */
  toPick: Map<string, Set<string>>;
  /** Per node, a setting the user should check (a guessed URL, a condition's field). */
  toCheck: Map<string, string>;
  credentials: Array<{ node: string; type: string }>;
  /** Operations the draft refused (a node type n8n does not know, a connection that does not fit). */
  problems: string[];
}

export interface Checked {
  report: ValidationReport;
  repaired: string[];
  usable: boolean;
}

/**
 * Design: the nodes and connections the spec needs, every app resolved in n8n's catalogue, and each app's node
 * confirmed with n8n-mcp's node search (a node the search does not know is reported, not guessed).
 */
export async function* design<E>(
  spec: WorkflowSpec,
  call: ToolCaller<E>,
  knowledge: NodeKnowledge<E>,
): AsyncGenerator<E, Design> {
  const catalog = nodeCatalog();
  const plan = planWorkflow(spec, catalog);
  const notes = [...plan.notes];
  const apps = new Map<string, string>();
  for (const node of plan.nodes) if (node.app && node.type && !apps.has(node.app)) apps.set(node.app, node.type);
  // A system n8n has no node for: the search confirms it before the HTTP Request stands in for it.
  const systems = new Set<string>();
  walkSteps(spec.steps, (s) => s.kind === 'http' && s.system && systems.add(s.system));
  for (const system of systems) {
    const hits = yield* knowledge.search(call, system);
    const named = hits.find((h) => h.displayName.replace(/\s+Trigger$/, '').toLowerCase() === system.toLowerCase());
    notes.push(
      named
        ? `n8n's node search lists ${named.displayName} (\`${named.type}\`): say 'use the ${named.displayName} node' and I will use it instead of the HTTP Request.`
        : `n8n has no node for ${system}, so an HTTP Request calls its API: fill in the URL and authentication.`,
    );
  }
  for (const [key, type] of apps) {
    const app = catalog.app(key);
    const name = appDisplayName(app, key);
    const hits = yield* knowledge.search(call, name);
    const base = (t: string) => t.replace(/(?:Trigger|Tool)$/, '');
    if (!hits.some((h) => base(h.type) === base(type)))
      notes.push(`n8n's node search did not list ${name} (\`${type}\`); check that your n8n has this node.`);
    if (app?.community)
      notes.push(
        `${name} is a verified community node: install \`${app.community}\` in n8n (Settings → Community nodes) before you run it.`,
      );
  }
  return { spec, plan, notes };
}

const cap = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

function workflowName(spec: WorkflowSpec, plan: Plan): string {
  if (spec.name) return spec.name;
  const first = plan.nodes[0]!;
  const start =
    spec.trigger.kind === 'schedule'
      ? cap(scheduleText(spec.trigger.rule))
      : first.name.replace(/ Trigger$|^When /, '').replace(/^On /, '');
  const catalog = nodeCatalog();
  const apps = [
    ...new Set(
      plan.nodes
        .slice(1)
        .filter((n) => n.app && n.type && !/Tool$/.test(n.type))
        .map((n) => appDisplayName(catalog.app(n.app!), n.app!)),
    ),
  ];
  const tail = apps.length ? apps.slice(0, 3).join(', ') : (plan.nodes[1]?.name ?? 'Workflow');
  return `${start} → ${tail}`.slice(0, 120);
}

/** A chat model's model id goes into whichever parameter its definition holds it in. */
function modelParameters(def: NodeDefinition, model: string | undefined): Record<string, unknown> {
  if (!model) return {};
  const prop = def.properties.find((p) => /^(?:model|modelName|modelId)$/.test(p.name) && isShown(p, {}, def.version));
  if (!prop) return {};
  if (prop.type === 'resourceLocator')
    return { [prop.name]: { __rl: true, value: model, mode: 'list', cachedResultName: model } };
  if (prop.type === 'options') return optionValues(prop).includes(model) ? { [prop.name]: model } : {};
  return { [prop.name]: model };
}

/** Configure: read every node type's definition once, then build the draft through its operations. */
export async function* configure<E>(
  d: Design,
  call: ToolCaller<E>,
  knowledge: NodeKnowledge<E>,
): AsyncGenerator<E, Built> {
  const draft = new WorkflowDraft();
  const problems: string[] = [];
  for (const type of [...new Set(d.plan.nodes.map((n) => n.type).filter(Boolean))])
    yield* knowledge.describe(call, type);
  readApprovalAnswers(d.plan, (type) => knowledge.definition(type));
  stateEvents(d.plan, (type) => knowledge.definition(type));
  const names = new Map<string, string>();
  for (const node of d.plan.nodes) {
    const def = knowledge.definition(node.type);
    if (!def) {
      problems.push(
        node.type
          ? `n8n does not know the node type \`${node.type}\` (${node.name}), so it was left out.`
          : // SurveyMonkey, Paddle's events: an app n8n has only a trigger for, or no node at all.
            `n8n has no node that can do "${node.name}", so that step was left out; an HTTP Request node to the app's API can do it.`,
      );
      continue;
    }
    const intent: Intent | undefined = node.intent ? { ...node.intent, hints: node.intent.hints } : undefined;
    const given = { ...node.parameters, ...modelParameters(def, node.model) };
    let name: string;
    try {
      name = draft.addNode(def, node.name, given, intent);
    } catch (error) {
      if (!(error instanceof DraftError)) throw error;
      // A parameter this version of the node does not have: keep the ones it knows.
      const known = new Set(def.properties.map((p) => p.name));
      name = draft.addNode(
        def,
        node.name,
        Object.fromEntries(Object.entries(given).filter(([k]) => known.has(k))),
        intent,
      );
    }
    names.set(node.name, name);
    if (node.onError) draft.setErrorOutput(name);
    if (node.alwaysOutputData) draft.setAlwaysOutput(name);
  }
  for (const link of bridged(d.plan.links, names)) {
    const from = names.get(link.from);
    const to = names.get(link.to);
    if (!from || !to) continue;
    try {
      draft.connect(from, to, link.output, link.input, link.type);
    } catch (error) {
      if (!(error instanceof DraftError)) throw error;
      problems.push(error.message);
    }
  }
  readBody(draft.nodes, draft.links);
  answerStatus(draft.nodes, draft.links);
  draft.name = workflowName(d.spec, d.plan);
  const toCheck = new Map<string, string>();
  for (const node of d.plan.nodes)
    if (node.toCheck && names.has(node.name)) toCheck.set(names.get(node.name)!, node.toCheck);
  return {
    draft,
    workflow: draft.toWorkflow(),
    toPick: draft.toPick,
    toCheck,
    credentials: draft.credentials,
    problems,
  };
}

/**
 * The links with every node left out bridged: what led into it leads on to what came after its main output, so a step
 * n8n cannot build does not cut the workflow in two.
 */
function bridged(links: Link[], built: Map<string, string>): Link[] {
  const after = (name: string, seen: Set<string>): Link[] =>
    links
      .filter((l) => l.from === name && l.type === 'main' && l.output === 0)
      .flatMap((l) => (built.has(l.to) || seen.has(l.to) ? [l] : after(l.to, new Set([...seen, l.to]))));
  return links.flatMap((link) => {
    if (built.has(link.to) || link.type !== 'main') return [link];
    return after(link.to, new Set([link.to])).map((next) => ({ ...link, to: next.to, input: next.input }));
  });
}

/** Validate with n8n-mcp, repair what the node definitions can fill, and validate again (bounded). */
export async function* validate<E>(
  built: Built,
  call: ToolCaller<E>,
  knowledge: { definition(type: string): NodeDefinition | null },
  rounds = 3,
): AsyncGenerator<E, Checked> {
  const repaired: string[] = [];
  let report: ValidationReport = { valid: false, errors: [], warnings: [] };
  for (let round = 0; round < rounds; round++) {
    const result = yield* call('validate_workflow', { workflow: built.workflow });
    report = parseValidation(result.text, result.isError);
    if (report.valid || round === rounds - 1) break;
    const fixes = repair(built.draft, report, (type) => knowledge.definition(type));
    if (!fixes.length) break;
    repaired.push(...fixes);
    built.workflow = built.draft.toWorkflow();
  }
  return { report, repaired, usable: report.valid };
}
