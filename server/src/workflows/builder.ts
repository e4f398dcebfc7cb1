// Builds an n8n workflow for a request in three member phases: design (find each app's node), configure (read each
// node's definition and fill its parameters) and validate (n8n-mcp's validator, repairing what it can).
import type { Step, WorkflowSpec } from './spec.ts';
import { serviceByKey, type Service } from './services.ts';
import { buildGraph, type Graph } from './graph.ts';
import { configureNode } from './configure.ts';
import { type NodeKnowledge, type NodeHit, type ToolCaller } from './knowledge.ts';
import { toN8n, type N8nWorkflow } from './n8nJson.ts';
import { onlyChoicesLeft, parseValidation, repair, type ValidationReport } from './validation.ts';
import { describeSchedule, resetIds } from './coreNodes.ts';

export interface Design {
  spec: WorkflowSpec;
  /** Node type per service key: actions and the app trigger. */
  actionTypes: Map<string, string>;
  triggerType: string | null;
  /** Apps n8n has no node for (they became HTTP requests), and notes for the reply. */
  notes: string[];
}

export interface Built {
  workflow: N8nWorkflow;
  /** Settings per node name that the user picks in n8n. */
  toPick: Map<string, Set<string>>;
  credentials: Array<{ node: string; type: string }>;
}

export interface Checked {
  report: ValidationReport;
  repaired: string[];
  /** Valid, or the only errors left are settings the reply asks the user to pick. */
  usable: boolean;
}

function walk(steps: Step[], visit: (s: Step) => void): void {
  for (const step of steps) {
    visit(step);
    if (step.kind === 'if') walk([...step.then, ...step.otherwise], visit);
    if (step.kind === 'switch') step.routes.forEach((r) => walk(r.steps, visit));
    if (step.kind === 'classify') step.categories.forEach((r) => walk(r.steps, visit));
    if (step.kind === 'parallel') step.branches.forEach((b) => walk(b, visit));
    if (step.kind === 'batch') walk(step.body, visit);
  }
}

function actionServices(spec: WorkflowSpec): Service[] {
  const keys = new Set<string>();
  walk([...spec.steps, ...spec.onError], (s) => s.kind === 'action' && keys.add(s.service));
  return [...keys].map((k) => serviceByKey(k)).filter((s): s is Service => Boolean(s));
}

function pick(hits: NodeHit[], service: Service, trigger: boolean): string | null {
  const base = `n8n-nodes-base.${service.node}`;
  const exact = trigger ? hits.find((h) => h.type === `${base}Trigger`) : hits.find((h) => h.type === base);
  if (exact) return exact.type;
  const name = service.name.toLowerCase();
  const loose = hits.find(
    (h) =>
      !/Tool$/.test(h.type) &&
      (trigger ? h.category === 'trigger' : h.category !== 'trigger') &&
      h.displayName.toLowerCase().startsWith(name.split(' ')[0]!),
  );
  return loose?.type ?? null;
}

/** Design: search n8n's nodes for every app the request names; an app without a node becomes an HTTP request. */
export async function* design<E>(
  spec: WorkflowSpec,
  call: ToolCaller<E>,
  knowledge: NodeKnowledge<E>,
): AsyncGenerator<E, Design> {
  const result: Design = { spec, actionTypes: new Map(), triggerType: null, notes: [] };
  const trigger = spec.trigger.kind === 'app' ? serviceByKey(spec.trigger.service) : undefined;
  if (trigger) {
    const hits = yield* knowledge.search(call, trigger.query);
    result.triggerType = pick(hits, trigger, true);
    if (!result.triggerType && trigger.table) {
      result.notes.push(
        `n8n has no trigger node for ${trigger.name}, so the workflow checks it every 15 minutes for new ${trigger.noun ?? 'item'}s.`,
      );
      const read: Step = {
        kind: 'action',
        service: trigger.key,
        verb: 'read',
        hints: {},
        phrase: `new ${trigger.noun ?? 'item'}s`,
      };
      result.spec = {
        ...spec,
        trigger: { kind: 'schedule', rule: { field: 'minutes', minutesInterval: 15 } },
        steps: [read, ...spec.steps],
      };
      const hits = yield* knowledge.search(call, trigger.query);
      const type = pick(hits, trigger, false);
      if (type) result.actionTypes.set(trigger.key, type);
    } else if (!result.triggerType) {
      result.notes.push(
        `n8n has no trigger node for ${trigger.name}, so the workflow starts from a webhook: point ${trigger.name}'s webhook settings at it.`,
      );
      result.spec = { ...spec, trigger: { kind: 'webhook', path: trigger.key.toLowerCase(), method: 'POST' } };
    }
  }
  for (const service of actionServices(result.spec)) {
    if (result.actionTypes.has(service.key)) continue;
    if (service.key === 'emailSend') {
      result.actionTypes.set(service.key, 'n8n-nodes-base.emailSend');
      continue;
    }
    const hits = yield* knowledge.search(call, service.query);
    const type = pick(hits, service, false);
    if (type) result.actionTypes.set(service.key, type);
    else result.notes.push(`n8n has no node for ${service.name}; I used an HTTP Request to its API instead.`);
  }
  return result;
}

const VERB_LABEL: Record<string, string> = {
  create: 'Add',
  read: 'Get',
  update: 'Update',
  delete: 'Delete',
  search: 'Search',
};

function actionLabel(step: Extract<Step, { kind: 'action' }>): string {
  const svc = serviceByKey(step.service);
  const name = svc?.name ?? step.service;
  const noun = svc?.noun ?? 'item';
  if (step.verb === 'send') {
    if (step.hints.channel) return `Post to ${step.hints.channel}`;
    if (svc?.key === 'emailSend') return step.hints.email ? `Email ${step.hints.email}` : 'Send Email';
    return `Send ${noun} via ${name}`;
  }
  if (svc?.key === 'rssFeedRead') return 'Read RSS Feed';
  if (svc?.key === 'openWeatherMap') return 'Get Weather';
  if (step.verb === 'create') return svc?.table ? `Add ${noun} to ${name}` : `Create ${noun} in ${name}`;
  return `${VERB_LABEL[step.verb] ?? 'Use'} ${noun}${step.verb === 'read' ? 's' : ''} ${step.verb === 'read' ? 'from' : 'in'} ${name}`;
}

/** Turns actions whose app has no node into HTTP requests to that app's API. */
function withoutUnknownApps(steps: Step[], types: Map<string, string>): Step[] {
  return steps.map((s): Step => {
    if (s.kind === 'action' && !types.has(s.service)) {
      const svc = serviceByKey(s.service);
      return {
        kind: 'http',
        url: `https://api.${(svc?.node ?? s.service).toLowerCase()}.com/`,
        method: s.verb === 'read' ? 'GET' : 'POST',
        api: `${svc?.name ?? s.service} API`,
      };
    }
    if (s.kind === 'if')
      return { ...s, then: withoutUnknownApps(s.then, types), otherwise: withoutUnknownApps(s.otherwise, types) };
    if (s.kind === 'switch')
      return { ...s, routes: s.routes.map((r) => ({ ...r, steps: withoutUnknownApps(r.steps, types) })) };
    if (s.kind === 'classify')
      return { ...s, categories: s.categories.map((r) => ({ ...r, steps: withoutUnknownApps(r.steps, types) })) };
    if (s.kind === 'parallel') return { ...s, branches: s.branches.map((b) => withoutUnknownApps(b, types)) };
    if (s.kind === 'batch') return { ...s, body: withoutUnknownApps(s.body, types) };
    return s;
  });
}

function workflowName(spec: WorkflowSpec, graph: Graph): string {
  if (spec.name) return spec.name;
  const first = graph.nodes[0]!;
  const start =
    spec.trigger.kind === 'schedule'
      ? cap(describeSchedule(spec.trigger.rule))
      : first.name.replace(/ Trigger$|^When /, '').replace(/^On /, '');
  const apps = [
    ...new Set(
      graph.nodes
        .slice(1)
        .filter((n) => n.service)
        .map((n) => serviceByKey(n.service!)?.name ?? n.service!),
    ),
  ];
  const tail = apps.length ? apps.slice(0, 3).join(', ') : graph.nodes.length > 1 ? graph.nodes[1]!.name : 'Workflow';
  return `${start} → ${tail}`.slice(0, 120);
}

const cap = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

/** Configure: read every node's definition (versions, operations, required parameters) and fill its parameters. */
export async function* configure<E>(
  d: Design,
  call: ToolCaller<E>,
  knowledge: NodeKnowledge<E>,
): AsyncGenerator<E, Built> {
  resetIds();
  const spec = {
    ...d.spec,
    steps: withoutUnknownApps(d.spec.steps, d.actionTypes),
    onError: withoutUnknownApps(d.spec.onError, d.actionTypes),
  };
  const graph = buildGraph(spec, actionLabel);
  const steps = new Map<string, Extract<Step, { kind: 'action' }>>();
  walk([...spec.steps, ...spec.onError], (s) => s.kind === 'action' && steps.set(actionLabel(s), s));
  const toPick: Built['toPick'] = new Map();
  const credentials: Built['credentials'] = [];
  for (const node of graph.nodes) {
    if (node.service)
      node.type = (node === graph.nodes[0] ? d.triggerType : d.actionTypes.get(node.service)) ?? node.type;
  }
  for (const node of graph.nodes) if (node.toCheck) toPick.set(node.name, new Set([node.toCheck]));
  for (const type of [...new Set(graph.nodes.map((n) => n.type))]) yield* knowledge.describe(call, type);
  for (const node of graph.nodes) {
    const def = knowledge.definition(node.type);
    if (!def) continue;
    if (node.service) {
      const svc = serviceByKey(node.service);
      const step = steps.get(node.name.replace(/ \d+$/, ''));
      const trigger = d.spec.trigger.kind === 'app' && node === graph.nodes[0] ? d.spec.trigger : null;
      const conf = configureNode(
        def,
        trigger
          ? { verb: 'trigger', hints: {}, event: trigger.event, noun: svc?.noun }
          : { verb: step?.verb ?? 'send', resources: svc?.resources, hints: step?.hints ?? {} },
      );
      node.parameters = { ...conf.parameters, ...node.parameters };
      if (conf.toPick.length) toPick.set(node.name, new Set([...(toPick.get(node.name) ?? []), ...conf.toPick]));
      for (const type of conf.credentials) credentials.push({ node: node.name, type });
    } else {
      const needed = def.credentials.filter((c) => c.required !== false && !c.displayOptions);
      for (const c of needed.slice(0, 1)) credentials.push({ node: node.name, type: c.name });
    }
  }
  const name = workflowName(d.spec, graph);
  const workflow = toN8n(name, graph, (type) => knowledge.definition(type)?.version ?? 1);
  return { workflow, toPick, credentials };
}

/** Validate with n8n-mcp, repair what the node definitions can fill, and validate again (bounded). */
export async function* validate<E>(
  built: Built,
  call: ToolCaller<E>,
  knowledge: NodeKnowledge<E>,
  rounds = 3,
): AsyncGenerator<E, Checked> {
  const repaired: string[] = [];
  let report: ValidationReport = { valid: false, errors: [], warnings: [] };
  for (let round = 0; round < rounds; round++) {
    const result = yield* call('validate_workflow', { workflow: built.workflow });
    report = parseValidation(result.text, result.isError);
    if (report.valid || round === rounds - 1) break;
    const fixes = repair(built.workflow, report, (type) => knowledge.definition(type), built.toPick);
    if (!fixes.length) break;
    repaired.push(...fixes);
  }
  return { report, repaired, usable: report.valid || onlyChoicesLeft(report, built.toPick) };
}
