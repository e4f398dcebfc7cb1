// Turns a workflow plan into importable n8n workflow JSON, and checks the structure of any such JSON.
import { createHash } from 'node:crypto';
import type { ActionSpec, ScheduleRule, TriggerSpec, WorkflowPlan } from './plan.ts';

export interface N8nNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  webhookId?: string;
}

export interface N8nConnection {
  node: string;
  type: 'main';
  index: number;
}

export interface N8nWorkflow {
  name: string;
  nodes: N8nNode[];
  connections: Record<string, { main: N8nConnection[][] }>;
  active: false;
  settings: { executionOrder: 'v1' };
  pinData: Record<string, never>;
}

type NodeDraft = Omit<N8nNode, 'id' | 'position'>;

export const TRIGGER_TYPES = new Set([
  'n8n-nodes-base.scheduleTrigger',
  'n8n-nodes-base.webhook',
  'n8n-nodes-base.emailReadImap',
  'n8n-nodes-base.manualTrigger',
]);

function triggerNode(trigger: TriggerSpec): NodeDraft {
  switch (trigger.kind) {
    case 'schedule':
      return { name: 'Schedule Trigger', type: 'n8n-nodes-base.scheduleTrigger', typeVersion: 1.2, parameters: { rule: { interval: [trigger.rule] } } };
    case 'webhook':
      return {
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        parameters: { httpMethod: 'POST', path: trigger.path, responseMode: 'onReceived', options: {} },
      };
    case 'email':
      return {
        name: 'Email Trigger (IMAP)',
        type: 'n8n-nodes-base.emailReadImap',
        typeVersion: 2,
        parameters: { mailbox: 'INBOX', postProcessAction: 'read', format: 'simple', options: {} },
      };
    case 'manual':
      return { name: "When clicking 'Test workflow'", type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
  }
}

function actionNode(action: ActionSpec): NodeDraft {
  switch (action.kind) {
    case 'http':
      return { name: 'HTTP Request', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, parameters: { method: action.method, url: action.url, options: {} } };
    case 'slack':
      return {
        name: 'Slack',
        type: 'n8n-nodes-base.slack',
        typeVersion: 2.2,
        parameters: {
          resource: 'message',
          operation: 'post',
          select: 'channel',
          channelId: { __rl: true, value: action.channel, mode: 'name' },
          text: '={{ JSON.stringify($json) }}',
          otherOptions: {},
        },
      };
    case 'sheets':
      return {
        name: 'Google Sheets',
        type: 'n8n-nodes-base.googleSheets',
        typeVersion: 4.5,
        parameters: {
          operation: 'append',
          documentId: { __rl: true, value: '', mode: 'list' },
          sheetName: { __rl: true, value: action.sheetName, mode: 'name' },
          columns: { mappingMode: 'autoMapInputData', value: {} },
          options: {},
        },
      };
    case 'email':
      return {
        name: 'Send Email',
        type: 'n8n-nodes-base.emailSend',
        typeVersion: 2.1,
        parameters: {
          fromEmail: 'automation@example.com',
          toEmail: action.to,
          subject: 'Workflow update',
          emailFormat: 'text',
          text: '={{ JSON.stringify($json, null, 2) }}',
          options: {},
        },
      };
  }
}

const NO_OP: NodeDraft = { name: 'Next Step', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };

export function scheduleText(rule: ScheduleRule): string {
  const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
  switch (rule.field) {
    case 'minutes':
      return rule.minutesInterval === 1 ? 'every minute' : `every ${rule.minutesInterval} minutes`;
    case 'hours':
      return rule.hoursInterval === 1 ? 'every hour' : `every ${rule.hoursInterval} hours`;
    case 'days':
      return `every day at ${at(rule.triggerAtHour)}`;
    case 'weeks': {
      const day = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][rule.triggerAtDay[0] ?? 1];
      return `every ${day} at ${at(rule.triggerAtHour)}`;
    }
  }
}

/** A stable UUID-shaped id, so the same plan always gives byte-identical JSON. */
function nodeId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function workflowName(plan: WorkflowPlan): string {
  const trigger = triggerNode(plan.trigger).name.replace(/ \(IMAP\)$/, '');
  const steps = plan.actions.map((a) => actionNode(a).name);
  return [plan.trigger.kind === 'manual' ? 'Manual run' : trigger, ...steps].join(' → ');
}

export function buildWorkflow(plan: WorkflowPlan): N8nWorkflow {
  const drafts = [triggerNode(plan.trigger), ...(plan.actions.length ? plan.actions.map(actionNode) : [NO_OP])];
  const name = workflowName(plan);
  const nodes: N8nNode[] = drafts.map((draft, i) => ({
    id: nodeId(`${name}:${i}:${draft.type}`),
    name: draft.name,
    type: draft.type,
    typeVersion: draft.typeVersion,
    position: [240 + i * 220, 300],
    parameters: draft.parameters,
    ...(draft.type === 'n8n-nodes-base.webhook' ? { webhookId: nodeId(`${name}:webhook`) } : {}),
  }));
  const connections: N8nWorkflow['connections'] = {};
  for (let i = 0; i + 1 < nodes.length; i++) {
    connections[nodes[i]!.name] = { main: [[{ node: nodes[i + 1]!.name, type: 'main', index: 0 }]] };
  }
  return { name, nodes, connections, active: false, settings: { executionOrder: 'v1' }, pinData: {} };
}

/** Structural problems that would stop n8n from importing or running the workflow; empty when it is sound. */
export function validateWorkflow(value: unknown): string[] {
  const problems: string[] = [];
  if (typeof value !== 'object' || value === null) return ['The workflow is not a JSON object.'];
  const wf = value as Partial<N8nWorkflow>;
  if (!Array.isArray(wf.nodes) || wf.nodes.length === 0) return ['The workflow has no nodes.'];
  const names = new Set<string>();
  const ids = new Set<string>();
  for (const node of wf.nodes) {
    if (!node || typeof node.name !== 'string' || typeof node.type !== 'string' || typeof node.id !== 'string') {
      problems.push('Every node needs an id, a name and a type.');
      continue;
    }
    if (names.has(node.name)) problems.push(`Two nodes are named "${node.name}".`);
    if (ids.has(node.id)) problems.push(`Two nodes share the id ${node.id}.`);
    names.add(node.name);
    ids.add(node.id);
    if (typeof node.typeVersion !== 'number') problems.push(`Node "${node.name}" has no typeVersion.`);
    if (!Array.isArray(node.position) || node.position.length !== 2) problems.push(`Node "${node.name}" has no position.`);
    if (typeof node.parameters !== 'object' || node.parameters === null) problems.push(`Node "${node.name}" has no parameters.`);
  }
  const triggers = wf.nodes.filter((n) => n && TRIGGER_TYPES.has(n.type));
  if (triggers.length !== 1) problems.push(`The workflow needs exactly one trigger (found ${triggers.length}).`);
  if (typeof wf.connections !== 'object' || wf.connections === null) return [...problems, 'The workflow has no connections object.'];
  const targets = new Set<string>();
  for (const [source, outputs] of Object.entries(wf.connections)) {
    if (!names.has(source)) problems.push(`A connection starts at the unknown node "${source}".`);
    for (const branch of outputs?.main ?? []) {
      for (const link of branch ?? []) {
        if (!names.has(link.node)) problems.push(`"${source}" connects to the unknown node "${link.node}".`);
        targets.add(link.node);
      }
    }
  }
  for (const trigger of triggers) if (targets.has(trigger.name)) problems.push(`The trigger "${trigger.name}" has an incoming connection.`);
  for (const node of wf.nodes) {
    if (node && !TRIGGER_TYPES.has(node.type) && !targets.has(node.name)) problems.push(`Node "${node.name}" is not connected.`);
  }
  return problems;
}
