// Fills an app node's parameters from its n8n definition: the resource and operation that fit the step, then
// every required parameter those make visible, from the request's hints or an expression over the incoming item.
import type { AppHints, Verb } from './spec.ts';
import type { NodeDefinition, NodeProperty } from './knowledge.ts';

const OPERATIONS: Record<Verb | 'trigger', string[]> = {
  create: ['create', 'append', 'insert', 'add', 'upload', 'post', 'send', 'createorupdate', 'upsert'],
  send: ['send', 'post', 'sendmessage', 'create', 'sendandwait'],
  read: ['getall', 'getmany', 'get', 'search', 'read', 'list', 'executequery', 'select', 'currentweather'],
  update: ['update', 'upsert', 'appendorupdate', 'edit'],
  delete: ['delete', 'deleterecord', 'remove'],
  search: ['search', 'enrich', 'getall', 'getmany', 'get'],
  trigger: [],
};

export interface Configured {
  parameters: Record<string, unknown>;
  /** Settings the user picks in n8n (a base, a table, a form): named in the reply, never invented. */
  toPick: string[];
  /** Credential types the node needs (referenced by type; the user connects them in n8n). */
  credentials: string[];
}

function matches(values: unknown[] | undefined, actual: unknown): boolean {
  return !values || values.some((v) => v === actual || (typeof v === 'object' && v !== null && '_cnd' in v));
}

/** Whether n8n shows the property for these parameters and this node version. */
export function isShown(
  prop: Pick<NodeProperty, 'displayOptions'>,
  params: Record<string, unknown>,
  version: number,
): boolean {
  const { show, hide } = prop.displayOptions ?? {};
  for (const [key, values] of Object.entries(show ?? {})) {
    if (key === '@version') {
      if (!values.some((v) => v === version || (typeof v === 'object' && v !== null))) return false;
      continue;
    }
    if (key.startsWith('/')) continue;
    if (!matches(values, params[key])) return false;
  }
  for (const [key, values] of Object.entries(hide ?? {})) {
    if (key === '@version' || key.startsWith('/')) continue;
    if (values.some((v) => v === params[key])) return false;
  }
  return true;
}

function optionValues(prop: NodeProperty): string[] {
  return (prop.options ?? []).map((o) => o.value).filter((v): v is string => typeof v === 'string');
}

function choose(values: string[], preferred: string[], fallback: unknown): string | undefined {
  for (const want of preferred) {
    const hit = values.find((v) => v.toLowerCase() === want);
    if (hit) return hit;
  }
  return typeof fallback === 'string' && values.includes(fallback) ? fallback : values[0];
}

const MESSAGE = '={{ $json.summary ?? $json.text ?? JSON.stringify($json, null, 2) }}';

function stringValue(prop: NodeProperty, hints: AppHints, trigger: boolean, toPick: string[]): string {
  const n = prop.name.toLowerCase();
  if (/url|feed|link/.test(n)) {
    if (hints.url) return hints.url;
    toPick.push(prop.displayName ?? prop.name);
    return '';
  }
  if (/^from(?:email)?$|sender/.test(n)) {
    toPick.push(prop.displayName ?? prop.name);
    return '';
  }
  if (trigger) {
    toPick.push(prop.displayName ?? prop.name);
    return typeof prop.default === 'string' ? prop.default : '';
  }
  if (/^(?:text|message|content|body|messagetext|description|caption|comment|notes?)$/.test(n))
    return hints.text ?? MESSAGE;
  if (/email|^to$|sendto|recipient/.test(n)) return hints.email ?? '={{ $json.email }}';
  if (/subject|title|^name$|summary/.test(n))
    return hints.subject ?? '={{ $json.title ?? $json.name ?? "Workflow update" }}';
  if (/chatid/.test(n)) return hints.chatId ?? '={{ $json.chat_id }}';
  if (/phone|^from$/.test(n)) return `={{ $json.${prop.name} }}`;
  if (typeof prop.default === 'string' && prop.default) return prop.default;
  return `={{ $json.${/^[a-zA-Z_]\w*$/.test(prop.name) ? prop.name : 'value'} }}`;
}

function locator(prop: NodeProperty, hints: AppHints, toPick: string[]): Record<string, unknown> {
  const modes = (prop.modes ?? []).map((m) => m.name);
  const n = prop.name.toLowerCase();
  const hint = /channel/.test(n)
    ? hints.channel
    : /sheet|table|database|base|list|board|project/.test(n)
      ? hints.table
      : undefined;
  if (hint && (modes.includes('name') || !modes.length)) return { __rl: true, value: hint, mode: 'name' };
  if (hint && modes.includes('id')) return { __rl: true, value: hint, mode: 'id' };
  toPick.push(prop.displayName ?? prop.name);
  const mode = !modes.length || modes.includes('list') ? 'list' : modes.includes('id') ? 'id' : modes[0]!;
  return { __rl: true, value: '', mode };
}

export function valueFor(prop: NodeProperty, hints: AppHints, toPick: string[], trigger = false): unknown {
  switch (prop.type) {
    case 'resourceLocator':
      return locator(prop, hints, toPick);
    case 'resourceMapper':
      return { mappingMode: 'autoMapInputData', value: {}, matchingColumns: [], schema: [] };
    case 'options': {
      const values = optionValues(prop);
      if (values.length) return choose(values, [], prop.default);
      toPick.push(prop.displayName ?? prop.name);
      return typeof prop.default === 'string' ? prop.default : '';
    }
    case 'multiOptions':
      return Array.isArray(prop.default) && prop.default.length ? prop.default : optionValues(prop).slice(0, 1);
    case 'number':
      return typeof prop.default === 'number' ? prop.default : 0;
    case 'boolean':
      return prop.default === true;
    case 'collection':
    case 'fixedCollection':
      return prop.default && typeof prop.default === 'object' ? prop.default : {};
    case 'json':
      return '={{ JSON.stringify($json) }}';
    case 'dateTime':
      return '={{ $now.toISO() }}';
    default:
      return stringValue(prop, hints, trigger, toPick);
  }
}

/** Trigger events: the option whose value names the event ("payment_intent.payment_failed" for "failed"). */
function eventOptions(prop: NodeProperty, event: string, noun: string): string[] {
  const values = optionValues(prop);
  const words = [event === 'failed' ? 'fail' : event === 'response' ? 'form' : event, noun].filter(Boolean);
  const best = values.filter((v) => words.every((w) => v.toLowerCase().includes(w)));
  const some = (best.length ? best : values.filter((v) => v.toLowerCase().includes(words[0]!))).sort(
    (a, b) => Number(b.startsWith(noun)) - Number(a.startsWith(noun)),
  );
  return some.slice(0, 2).length ? some.slice(0, 2) : values.includes('*') ? ['*'] : values.slice(0, 1);
}

export function configureNode(
  def: NodeDefinition,
  want: { verb: Verb | 'trigger'; resources?: string[]; hints: AppHints; event?: string; noun?: string },
): Configured {
  const params: Record<string, unknown> = {};
  const toPick: string[] = [];
  const base = defaults(def);
  const visible = () => def.properties.filter((p) => isShown(p, { ...base, ...params }, def.version));
  const resource = visible().find((p) => p.name === 'resource' && p.type === 'options');
  if (resource)
    params.resource = choose(
      optionValues(resource),
      (want.resources ?? []).map((r) => r.toLowerCase()),
      resource.default,
    );
  const operation = visible().find((p) => p.name === 'operation' && p.type === 'options');
  if (operation) params.operation = choose(optionValues(operation), OPERATIONS[want.verb], operation.default);
  // Filling one parameter can show others (a mode selector): a few passes reach the fixed point.
  for (let pass = 0; pass < 3; pass++) {
    for (const prop of visible()) {
      if (prop.name in params || !prop.required) continue;
      if (want.verb === 'trigger' && (prop.name === 'events' || prop.name === 'event') && prop.type !== 'string') {
        params[prop.name] =
          prop.type === 'multiOptions'
            ? eventOptions(prop, want.event ?? 'created', want.noun ?? '')
            : eventOptions(prop, want.event ?? 'created', want.noun ?? '')[0];
        continue;
      }
      params[prop.name] = valueFor(prop, want.hints, toPick, want.verb === 'trigger');
    }
  }
  // A message step needs its text even where n8n does not mark the field required.
  if (want.verb === 'send' || want.verb === 'create') {
    const text = visible().find(
      (p) => p.type === 'string' && /^(?:text|content|message|body|messagetext)$/i.test(p.name) && !(p.name in params),
    );
    if (text) params[text.name] = want.hints.text ?? MESSAGE;
  }
  const credentials = def.credentials.filter((c) => isShown(c, { ...base, ...params }, def.version)).map((c) => c.name);
  return { parameters: params, toPick: [...new Set(toPick)], credentials: credentials.slice(0, 1) };
}

export function defaults(def: NodeDefinition): Record<string, unknown> {
  return Object.fromEntries(def.properties.filter((p) => p.default !== undefined).map((p) => [p.name, p.default]));
}
