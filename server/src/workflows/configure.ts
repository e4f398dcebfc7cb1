// Fills a node's parameters from its n8n definition: the resource and operation that fit the step, then every
// required parameter those make visible, from the request's hints, an expression over the incoming item, or n8n's
// placeholder marker for a value only the user can give (their channel, table, sender address), listed in the reply.
import type { AppHints, Verb } from './spec.ts';
import type { NodeDefinition, NodeProperty } from './knowledge.ts';

const OPERATIONS: Record<Verb | 'trigger', string[]> = {
  create: [
    'create',
    'append',
    'insert',
    'add',
    'upload',
    'post',
    'send',
    'createorupdate',
    'upsert',
    'write',
    'sendmessage',
    'publish',
    // A key-value store (Redis) writes a key with "set".
    'set',
  ],
  send: ['send', 'post', 'sendmessage', 'create', 'sendandwait', 'publish', 'reply'],
  // Many before one: "get the records" lists them; getting one by its id needs an id the request rarely has.
  read: [
    'getall',
    'getmany',
    'getallitems',
    'list',
    // OneDrive's "Get Items in a Folder".
    'getchildren',
    'search',
    'read',
    // A table read by name, not a query with nothing written in it.
    'select',
    'executequery',
    'get',
    'currentweather',
    'download',
  ],
  // "set the channel topic": Slack's channel has no update, but it sets its topic.
  update: ['update', 'upsert', 'appendorupdate', 'edit', 'addlabels', 'patch', 'settopic', 'set'],
  // Google Drive's "deleteFile", Telegram's "deleteMessage".
  delete: ['delete', 'deleterecord', 'deletefile', 'deletemessage', 'remove', 'archive'],
  search: ['search', 'enrich', 'getall', 'getmany', 'get', 'find', 'lookup'],
  trigger: [],
};

/** Operations that change a membership ("remove them from all groups": Entra ID's user "removeGroup"). */
const MEMBER_OPS = {
  add: ['addgroup', 'addtogroup', 'addmember', 'addmembers', 'addusertogroup', 'adduser', 'addtolist', 'invite'],
  remove: [
    'removegroup',
    'removefromgroup',
    'removemember',
    'removemembers',
    'removeuserfromgroup',
    'removeuser',
    'removefromlist',
  ],
};

/** A query the request writes out ("`SELECT id, email FROM users WHERE …`"). */
const SQL = /^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;

/** n8n's marker for a value the user fills in; its editor lists every one as a to-do. */
const placeholder = (label: string): string => `<__PLACEHOLDER_VALUE__${label.replace(/_/g, ' ')}__>`;

export const isPlaceholder = (value: unknown): boolean =>
  typeof value === 'string' && value.includes('<__PLACEHOLDER_VALUE__');

interface Cnd {
  eq?: unknown;
  not?: unknown;
  gte?: number;
  lte?: number;
  gt?: number;
  lt?: number;
  between?: { from: number; to: number };
  includes?: string;
  startsWith?: string;
  endsWith?: string;
  regex?: string;
  exists?: boolean;
}

function test(expected: unknown, actual: unknown): boolean {
  if (typeof expected !== 'object' || expected === null || !('_cnd' in expected)) return expected === actual;
  const c = (expected as { _cnd: Cnd })._cnd;
  const n = typeof actual === 'number' ? actual : Number(actual);
  if ('eq' in c) return actual === c.eq;
  if ('not' in c) return actual !== c.not;
  if (c.gte !== undefined) return n >= c.gte;
  if (c.lte !== undefined) return n <= c.lte;
  if (c.gt !== undefined) return n > c.gt;
  if (c.lt !== undefined) return n < c.lt;
  if (c.between) return n >= c.between.from && n <= c.between.to;
  if (c.includes !== undefined) return typeof actual === 'string' && actual.includes(c.includes);
  if (c.startsWith !== undefined) return typeof actual === 'string' && actual.startsWith(c.startsWith);
  if (c.endsWith !== undefined) return typeof actual === 'string' && actual.endsWith(c.endsWith);
  if (c.regex !== undefined) return typeof actual === 'string' && new RegExp(c.regex).test(actual);
  if (c.exists !== undefined) return (actual !== undefined) === c.exists;
  return false;
}

function valueAt(params: Record<string, unknown>, key: string, version: number): unknown {
  if (key === '@version') return version;
  const path = key.replace(/^\//, '').split('.');
  let at: unknown = params;
  for (const part of path)
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
  // A resource locator shows by its value.
  if (typeof at === 'object' && at !== null && '__rl' in at) return (at as { value?: unknown }).value;
  return at;
}

/** Whether n8n shows the property for these parameters and this node version (displayOptions show/hide). */
export function isShown(
  prop: Pick<NodeProperty, 'displayOptions'>,
  params: Record<string, unknown>,
  version: number,
): boolean {
  const { show, hide } = prop.displayOptions ?? {};
  for (const [key, values] of Object.entries(show ?? {})) {
    const actual = valueAt(params, key, version);
    if (!values.some((v) => test(v, actual))) return false;
  }
  for (const [key, values] of Object.entries(hide ?? {})) {
    const actual = valueAt(params, key, version);
    if (values.some((v) => test(v, actual))) return false;
  }
  return true;
}

export function defaults(def: NodeDefinition, params: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of def.properties)
    if (p.default !== undefined && !(p.name in out) && isShown(p, { ...out, ...params }, def.version))
      out[p.name] = p.default;
  return out;
}

/** The properties n8n shows for these parameters (one per name: the variant for this version). */
export function visible(def: NodeDefinition, params: Record<string, unknown>): NodeProperty[] {
  const merged = { ...defaults(def, params), ...params };
  const seen = new Set<string>();
  return def.properties.filter((p) => {
    if (seen.has(p.name) || !isShown(p, merged, def.version)) return false;
    seen.add(p.name);
    return true;
  });
}

/** Option values a required setting with no default is given first, when the node offers them. */
const USUAL_STATE = ['subscribed', 'active', 'enabled', 'open'];

export function optionValues(prop: NodeProperty): string[] {
  return (prop.options ?? []).map((o) => o.value).filter((v): v is string => typeof v === 'string');
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function choose(values: string[], preferred: string[], fallback: unknown): string | undefined {
  for (const want of preferred) {
    const hit = values.find((v) => norm(v) === want);
    if (hit) return hit;
  }
  return typeof fallback === 'string' && values.includes(fallback) ? fallback : values[0];
}

const CONTENT =
  /^(?:text|message|content|body|messagetext|description|caption|comment|notes?|post|textcontent|html|markdown|value|input|prompt|question|query|messagecontent|bodycontent|replytext|tweet|textbody)$/i;
const TITLE = /^(?:subject|title|name|summary|headline|issuetitle|taskname)$/i;
const USER_VALUE =
  /(?:id|ids|owner|repo|repository|project|team|workspace|base|table|sheet|channel|list|board|folder|database|account|person|page|organization|org|domain|phone|sender|from|calendar|collection|bucket|index|user|group|site|drive|document|file|form|space|store|region|zone|campaign|audience|location|spreadsheet|worksheet|label|queue|topic|container|stage|pipeline|model|voice|template|tenant|instance|host|server|path)$/i;

export interface Filled {
  value: unknown;
  /** A value only the user can give (named in the reply under "Before you run it"). */
  pick?: string;
}

function label(prop: NodeProperty): string {
  return (prop.displayName ?? prop.name)
    .replace(/\s+Name or ID$/i, '')
    .replace(/[<>_]/g, ' ')
    .trim();
}

/** A value for a required parameter the plan did not set. */
/** Nodes that send texts: their recipient is a phone number. */
const PHONE_NODES = /\.(?:twilio|vonage|messageBird|plivo|sms77|msg91|mocean|whatsApp)$/;

/** An id as services write them ("tblXyz12345…", "C0123ABCD", "1234567"), not a name. */
const ID_LIKE = /^(?:[A-Za-z]{1,4}[A-Za-z0-9]*\d[A-Za-z0-9]{5,}|\d{5,}|[A-Za-z0-9_-]{24,})$/;

export function valueFor(prop: NodeProperty, hints: AppHints, trigger = false, nodeType = ''): Filled {
  const n = prop.name.toLowerCase();
  // An SMS or WhatsApp message goes to a phone number: the user's own ("text me"), else the item's.
  if (PHONE_NODES.test(nodeType) && /^(?:to|recipient\w*|phone(?:number)?|number|mobile)$/.test(n) && !trigger)
    return hints.phone
      ? { value: hints.phone, ...(hints.phone.startsWith('<__PLACEHOLDER_VALUE__') ? { pick: label(prop) } : {}) }
      : { value: '={{ $json.phone ?? $json.phone_number ?? $json.mobile }}' };
  const ask = (): Filled => ({ value: placeholder(label(prop)), pick: label(prop) });
  switch (prop.type) {
    case 'resourceLocator': {
      const modes = (prop.modes ?? []).map((m) => m.name);
      // The file a store's trigger just reported is the one downloaded.
      if (hints.itemFile && /^(?:fileid|file)$/.test(n))
        return { value: { __rl: true, value: '={{ $json.id }}', mode: 'id' } };
      if (hints.itemId && /^(?:messageid|threadid)$/.test(n))
        return { value: { __rl: true, value: hints.itemId, mode: 'id' } };
      const hint = /channel/.test(n)
        ? hints.channel
        : /bucket/.test(n)
          ? hints.bucket
          : /sheet|table|database|base|list|board|collection/.test(n)
            ? hints.table
            : /repo|project|owner/.test(n)
              ? hints.container
              : undefined;
      // A name where only an id will do ("the Teams channel 'Major Incidents'"): the user picks it, by that name.
      // (A vector store's collection or index is known by its name: that is its id.)
      if (
        hint &&
        !modes.includes('name') &&
        !ID_LIKE.test(hint) &&
        !/^[#=<]/.test(hint) &&
        !/\.vectorStore/.test(nodeType)
      )
        return {
          value: {
            __rl: true,
            value: placeholder(`${label(prop)} ${hint}`),
            mode: modes.includes('id') ? 'id' : (modes[0] ?? 'id'),
          },
          pick: label(prop),
        };
      if (hint)
        return {
          value: {
            __rl: true,
            value: hint,
            mode: modes.includes('name') ? 'name' : modes.includes('id') ? 'id' : (modes[0] ?? 'id'),
          },
        };
      const fallback =
        prop.default && typeof prop.default === 'object' ? (prop.default as { value?: unknown }).value : undefined;
      if (typeof fallback === 'string' && fallback) return { value: { __rl: true, mode: 'list', value: fallback } };
      return {
        value: { __rl: true, value: placeholder(label(prop)), mode: modes.includes('id') ? 'id' : (modes[0] ?? 'id') },
        pick: label(prop),
      };
    }
    case 'resourceMapper':
      return { value: { mappingMode: 'autoMapInputData', value: {}, matchingColumns: [], schema: [] } };
    case 'options': {
      const values = optionValues(prop).filter((v) => v !== '');
      // "the DynamoDB table `device_registry`": a table n8n lists from the account, named by the request.
      if (!values.length && /^(?:table|tablename|collection)$/.test(n) && hints.table) return { value: hints.table };
      // UptimeRobot's alert contact type: options whose values are numbers.
      const numbers = (prop.options ?? []).map((o) => o.value).filter((v): v is number => typeof v === 'number');
      if (!values.length && numbers.length)
        return {
          value: typeof prop.default === 'number' && numbers.includes(prop.default) ? prop.default : numbers[0],
        };
      if (values.length) {
        if (typeof prop.default === 'string' && values.includes(prop.default)) return { value: prop.default };
        // With no default, the state a new record is usually given (Mailchimp's member status lists "cleaned" first).
        return { value: USUAL_STATE.find((v) => values.includes(v)) ?? values[0] };
      }
      return ask();
    }
    case 'multiOptions': {
      if (Array.isArray(prop.default) && prop.default.length) return { value: prop.default };
      const values = optionValues(prop);
      return values.length ? { value: values.slice(0, 1) } : { value: [placeholder(label(prop))], pick: label(prop) };
    }
    case 'number':
      // "comment on the PR": the issue or pull request the item is (GitHub's webhook body carries its number).
      if (/^(?:issue|pullrequest|pr)number$/.test(n))
        return { value: '={{ $json.body?.number ?? $json.body?.issue?.number ?? $json.number }}' };
      // "tag the contact": the record the step before made or found (ActiveCampaign's numeric "contactId").
      if (
        !trigger &&
        /^(?:contact|subscriber|member|customer|deal|person|lead|user|ticket|order|company|account)id$/.test(n)
      )
        return { value: '={{ $json.id }}' };
      // Pipedrive's "org_id", a board's "listId": a record only the user can point at, never record 0.
      if (/(?:^|_)id$|[a-z]id$/.test(n) && (prop.default === 0 || prop.default === undefined)) return ask();
      return { value: typeof prop.default === 'number' ? prop.default : 0 };
    case 'boolean':
      return { value: prop.default === true };
    case 'collection':
    case 'fixedCollection':
      return { value: prop.default && typeof prop.default === 'object' ? prop.default : {} };
    case 'json':
      return {
        value: typeof prop.default === 'string' && prop.default.trim() ? prop.default : '={{ JSON.stringify($json) }}',
      };
    case 'dateTime':
      return { value: '={{ $now.toISO() }}' };
    default:
      break;
  }
  if (/url|feed|link|endpoint|webhook/.test(n)) return hints.url ? { value: hints.url } : ask();
  if (/email|^to$|sendto|recipient/.test(n)) {
    if (/from|sender/.test(n)) return ask();
    if (hints.email?.startsWith('<__PLACEHOLDER_VALUE__')) return { value: hints.email, pick: label(prop) };
    return { value: hints.email ?? '={{ $json.email }}' };
  }
  if (/^from$|^fromemail$|sender/.test(n)) return ask();
  if (trigger) return typeof prop.default === 'string' && prop.default ? { value: prop.default } : ask();
  if (CONTENT.test(n)) return { value: hints.text ?? '={{ $json.text ?? $json.message ?? JSON.stringify($json) }}' };
  if (TITLE.test(n)) return { value: hints.subject ?? '={{ $json.title ?? $json.subject ?? $json.name }}' };
  if (/chatid/.test(n)) return hints.chatId ? { value: hints.chatId } : ask();
  if (hints.itemId && /^(?:messageid|threadid|id)$/.test(n)) return { value: hints.itemId };
  // The file a store's trigger or listing just reported, by its key or path (S3's "Key", FTP's "path").
  if (hints.itemFile && /^(?:filekey|key|path|filepath|fileid|file)$/.test(n))
    return { value: '={{ $json.Key ?? $json.key ?? $json.path ?? $json.id }}' };
  if (/bucket/.test(n) && hints.bucket) return { value: hints.bucket };
  // "the Azure SQL table offboard_audit": a table named by a plain string setting (Microsoft SQL, Snowflake, …).
  if (/^(?:table|tablename|collection)$/.test(n) && hints.table) return { value: hints.table };
  // The file uploaded keeps the name it came with.
  if (/^(?:objectname|filename)$/.test(n)) return { value: '={{ $binary.data?.fileName ?? $now.toISO() }}' };
  if (/city|location|place/.test(n) && hints.location) return { value: hints.location };
  if (USER_VALUE.test(n))
    return typeof prop.default === 'string' &&
      prop.default &&
      !/^\s*$/.test(prop.default) &&
      !prop.default.startsWith('=')
      ? { value: prop.default }
      : ask();
  if (typeof prop.default === 'string' && prop.default) return { value: prop.default };
  return ask();
}

/** "invoice.payment_failed", "taskCompleted", "orders/create": the listed value the request wrote, however spelt. */
function sameKey(values: string[], key: string): string | undefined {
  const plain = (v: string) => v.toLowerCase().replace(/[^a-z0-9*]/g, '');
  return values.find((v) => v === key) ?? values.find((v) => plain(v) === plain(key));
}

/** Trigger events: the option whose value names the event ("payment_intent.payment_failed" for "failed"). */
/** A registration, as the apps that take them report it (Eventbrite's order, GoToWebinar's registrant). */
const REGISTERED = /regist|order\.placed|sign_?up/i;

/** The item as a word of an event value: "order" in "orders/cancelled", "pull request" in "pull_request". */
const itemWord = (noun: string) => `(?:^|[^a-z])${noun.replace(/ /g, '[ _.:-]?')}(?:s|es)?`;

/**
 * The item reaching a state, where the app names the item in its events ("orders/cancelled" for an order, not
 * "subscription_schedule.canceled"); null when no value names the item, so any value with the state will do.
 */
function itemState(values: string[], noun: string, state: string): RegExp | null {
  const item = noun ? itemWord(noun) : '';
  return item && values.some((v) => new RegExp(`${item}(?![a-z])`, 'i').test(v))
    ? new RegExp(`${item}[ _./:-]?${state}`, 'i')
    : null;
}

function eventOptions(prop: NodeProperty, said: string, noun: string): string[] {
  const values = optionValues(prop);
  // A mention where the app reports none is a new item there.
  const event =
    (said === 'mention' && !values.some((v) => /mention/i.test(v))) ||
    (said === 'registered' && !values.some((v) => REGISTERED.test(v)))
      ? 'created'
      : said;
  const happened =
    event === 'created'
      ? // (A list's new member is Mailchimp's "subscribe"; a shop's new item is Gumroad's "sale".)
        /creat|new|add|open|receiv|^subscribe$|^sales?$|^purchases?$/i
      : event === 'registered'
        ? REGISTERED
        : new RegExp(
            event === 'failed'
              ? 'fail'
              : // A payment that came in: "charge.succeeded", "invoice.paid" (not "invoice.payment_failed").
                event === 'payment'
                ? 'succe|paid(?![a-z])|^create_payment$|payments?[._](?:created|received)'
                : event === 'response'
                  ? 'form|respon|submi'
                  : event === 'updated'
                    ? 'updat|chang|modif'
                    : event === 'deleted'
                      ? 'delet|remov'
                      : // "completes our survey": SurveyMonkey's "response_completed".
                        event === 'ended'
                        ? 'ended|complet|finish|closed'
                        : event,
            'i',
          );
  // "an order is cancelled": Shopify's "orders/cancelled", Calendly's "invitee.canceled"; where the item has no cancel
  // event of its own, its deletion (Stripe's "customer.subscription.deleted", not "subscription_schedule.canceled").
  if (event === 'cancelled') {
    const own = itemState(values, noun, 'cancel') ?? /cancel/i;
    // "subscription_cancelled" before "subscription_cancellation_scheduled".
    const cancels = values.filter((v) => own.test(v)).sort((a, b) => a.length - b.length);
    return cancels.length ? cancels.slice(0, 1) : eventOptions(prop, 'deleted', noun);
  }
  // A registration is what the app calls one, whatever the item said ("our Eventbrite event").
  if (event === 'registered') return values.filter((v) => REGISTERED.test(v)).slice(0, 1);
  // The item as a word of the value: "jira:issue_created" for an issue, not "issuelink_created".
  const item = noun ? new RegExp(`${itemWord(noun)}(?![a-z])`, 'i') : null;
  // "orders/create" before "draft_orders/create": the item nearest the start names it most plainly.
  const at = (v: string) => v.search(item!) + (/^[^a-z]/i.test(v.slice(v.search(item!))) ? 1 : 0);
  // "issues" before "issue_comment": the value that is the item alone names it most plainly too.
  const named = item ? values.filter((v) => item.test(v)).sort((a, b) => at(a) - at(b) || a.length - b.length) : [];
  // "a new subscriber joins the list": ConvertKit's "formSubscribe", an event named by what the person did.
  const doer = /^([a-z]{5,}?)e?rs?$/.exec(norm(noun))?.[1];
  const about =
    named.length || !doer || event !== 'created'
      ? named
      : values.filter((v) => norm(v).includes(doer)).sort((a, b) => a.length - b.length);
  const both = about.filter((v) => happened.test(v));
  // "a Jira issue is closed": a state the item reaches with no event of its own is a change to it.
  const changed = event === 'ended' ? about.filter((v) => /updat|chang|modif/i.test(v)) : [];
  // The item's own event when none says what happened to it ("pull_request" for "a pull request is opened").
  // ("a client pays an invoice in Invoice Ninja": its "create_payment", not the invoice's own first event.)
  const paid = event === 'payment' ? values.filter((v) => happened.test(v)) : [];
  const chosen = both.length
    ? both
    : paid.length
      ? paid.slice(0, 2)
      : changed.length
        ? changed.slice(0, 1)
        : about.length
          ? about.slice(0, 1)
          : values.filter((v) => happened.test(v));
  if (chosen.length) return chosen.slice(0, 2);
  if (values.includes('*')) return ['*'];
  // WhatsApp's trigger lists account and template updates first: a messaging app's trigger is about its messages.
  const messages = values.find((v) => /^messages?$/i.test(v));
  // Otherwise the app's new items, not whatever it lists first (SurveyMonkey's "collector_deleted").
  const made = values.find((v) => /creat|new|add|receiv|submi|respon/i.test(v) && !/delet|remov/i.test(v));
  return messages ? [messages] : made ? [made] : values.slice(0, 1);
}

/** A trigger's event setting: the one it names when several are visible (Google Drive's "event" over "triggerOn"). */
function eventParam(def: NodeDefinition, params: Record<string, unknown>): NodeProperty | undefined {
  const eventLike = (p: NodeProperty) =>
    /^(?:events?|topic|triggerOn|updates|trigger|actions?)$/.test(p.name) &&
    (p.type === 'multiOptions' || p.type === 'options');
  // Where the node has an event setting of its own, "triggerOn" only gates which events show.
  const gated = def.properties.some((p) => eventLike(p) && p.name !== 'triggerOn');
  const all = visible(def, params).filter(eventLike);
  // Eventbrite's "event" is which event (loaded from the account); its "actions" are what happened.
  const listed = all.filter((p) => p.name !== 'triggerOn' && optionValues(p).length);
  const found = listed[0] ?? all.find((p) => p.name !== 'triggerOn') ?? (gated ? undefined : all[0]);
  if (found || !def.isTrigger) return found;
  // Gumroad's trigger says what fires it as a required "resource" with no default ("sale", "refund", …).
  return visible(def, params).find(
    (p) => p.name === 'resource' && p.type === 'options' && p.required && p.default === '' && optionValues(p).length,
  );
}

/**
 * Triggers whose events n8n loads from the account when the node opens (no list in the node's definition): the event
 * keys the service documents, for the resource they belong to.
 */
const LISTED_EVENTS: Record<string, { resource: string; events: string[] }> = {
  '.bitbucketTrigger': {
    resource: 'repository',
    events: [
      'repo:push',
      'repo:fork',
      'repo:updated',
      'repo:commit_comment_created',
      'repo:commit_status_created',
      'repo:commit_status_updated',
      'issue:created',
      'issue:updated',
      'issue:comment_created',
      'pullrequest:created',
      'pullrequest:updated',
      'pullrequest:approved',
      'pullrequest:unapproved',
      'pullrequest:fulfilled',
      'pullrequest:rejected',
      'pullrequest:comment_created',
    ],
  },
};

/**
 * HubSpot's trigger lists its events inside a fixed collection ("Events" → "Event" → "Name"): one entry with the event
 * chosen as for a plain event setting, and the settings that event requires ("Property" for a property change) as
 * placeholders. Returns the placeholders' labels, or undefined when the node keeps no events that way.
 */
function collectionEvent(
  def: NodeDefinition,
  params: Record<string, unknown>,
  given: Record<string, unknown>,
  want: Intent,
): string[] | undefined {
  for (const box of visible(def, params)) {
    if (box.type !== 'fixedCollection' || box.name in given || box.options?.length !== 1) continue;
    const group = box.options[0]!;
    const fields = group.values ?? [];
    const field = fields.find(
      (f) => /^(?:name|events?)$/.test(f.name) && f.type === 'options' && optionValues(f).length > 2,
    );
    if (!group.name || !field) continue;
    const key = want.eventKey && sameKey(optionValues(field), want.eventKey);
    const chosen = key || eventOptions(field, want.event ?? 'created', want.noun ?? '')[0];
    const entry: Record<string, unknown> = { [field.name]: chosen };
    const picks: string[] = [];
    const seen = new Set([field.name]);
    for (const f of fields)
      if (!seen.has(f.name) && f.required && isShown(f, entry, def.version)) {
        seen.add(f.name);
        entry[f.name] = placeholder(label(f));
        picks.push(label(f));
      }
    params[box.name] = { [group.name]: box.typeOptions?.multipleValues ? [entry] : entry };
    return picks;
  }
  return undefined;
}

/** The event of a trigger that keeps it in a fixed collection (HubSpot's), as `collectionEvent` set it. */
function collectionChosen(params: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const value of Object.values(params)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const group of Object.values(value as Record<string, unknown>))
      for (const entry of Array.isArray(group) ? group : [group])
        if (entry && typeof entry === 'object') {
          const { name, event } = entry as { name?: unknown; event?: unknown };
          const chosen = name ?? event;
          if (typeof chosen === 'string') out.push(chosen);
        }
  }
  return out;
}

/** Sets the trigger's event; returns the labels of settings it left for the user to pick. */
function chooseEvent(
  def: NodeDefinition,
  params: Record<string, unknown>,
  given: Record<string, unknown>,
  want: Intent,
): string[] {
  const event = want.event ?? 'created';
  const offers = (p: Record<string, unknown>) => {
    const e = eventParam(def, p);
    return Boolean(e && eventOptions(e, event, '').some((v) => /creat|new|add/i.test(v)));
  };
  // Google Drive's trigger watches one file unless told to watch a folder: a setting whose value offers the wanted
  // event ("a file is added" is fileCreated, offered for a folder) is set to that value.
  if (event === 'created' && !offers(params))
    for (const gate of visible(def, params)) {
      if (gate.type !== 'options' || gate.name in given || gate.name === eventParam(def, params)?.name) continue;
      const value = optionValues(gate).find((v) => offers({ ...params, [gate.name]: v }));
      if (value !== undefined) {
        params[gate.name] = value;
        break;
      }
    }
  // SurveyMonkey shows its events once the object type is set, which has no default: the first type that shows them.
  if (!eventParam(def, params))
    for (const gate of visible(def, params)) {
      if (gate.type !== 'options' || gate.name in given || gate.name in params || gate.default) continue;
      const value = optionValues(gate).find((v) => eventParam(def, { ...params, [gate.name]: v }));
      if (value !== undefined) {
        params[gate.name] = value;
        break;
      }
    }
  // Pipedrive's "entity": which kind of item the events are about, the one the request names ("a deal is won").
  const noun = want.noun ? norm(want.noun) : '';
  for (const about of visible(def, params)) {
    if (!noun || about.type !== 'options' || !/^(?:entity|object)$/.test(about.name) || about.name in given) continue;
    const value = optionValues(about).find((v) => norm(v) === noun || norm(v) === `${noun}s`);
    if (value !== undefined) params[about.name] = value;
  }
  const listed = Object.entries(LISTED_EVENTS).find(([type]) => def.type.endsWith(type))?.[1];
  if (listed && !('resource' in given)) params.resource = listed.resource;
  const shown = eventParam(def, params);
  if (!shown) return collectionEvent(def, params, given, want) ?? [];
  if (shown.name in given) return [];
  const events =
    listed && !optionValues(shown).length ? { ...shown, options: listed.events.map((value) => ({ value })) } : shown;
  const key = want.eventKey && sameKey(optionValues(events), want.eventKey);
  const chosen = key ? [key] : eventOptions(events, event, want.noun ?? '');
  params[events.name] = events.type === 'multiOptions' ? chosen : chosen[0];
  return [];
}

/**
 * The trigger's own event for a state the item reached ("cancelled" → Shopify's "orders/cancelled", "paid" → Stripe's
 * "invoice.paid"), or undefined when the trigger reports no such event.
 */
export function stateEvent(def: NodeDefinition, want: Intent, state: string): string | undefined {
  const prop = eventParam(def, defaults(def));
  if (!prop || want.eventKey) return undefined;
  const stem = state.toLowerCase().replace(/l?ed$/, '');
  if (stem.length < 4 || !/^[a-z]+$/.test(stem)) return undefined;
  const values = optionValues(prop);
  const any = new RegExp(`(?:^|[^a-z])${stem}`, 'i');
  const own = itemState(values, want.noun ?? '', stem) ?? any;
  const shortest = (re: RegExp) => values.filter((v) => re.test(v)).sort((a, b) => a.length - b.length)[0];
  // ("a Stripe payment is refunded": the charge's "charge.refunded", where no payment event says it.)
  return shortest(own) ?? (want.event === 'payment' ? shortest(any) : undefined);
}

/** The events a trigger listens for, as `configureNode` chooses them. */
export function chosenEvents(def: NodeDefinition, want: Intent): string[] {
  const params: Record<string, unknown> = {};
  chooseEvent(def, params, {}, want);
  const prop = eventParam(def, { ...defaults(def), ...params });
  const value = prop ? params[prop.name] : collectionChosen(params);
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

/** The operations a resource offers, as n8n shows them for these parameters. */
function opsOf(def: NodeDefinition, params: Record<string, unknown>, resource: unknown): string[] {
  const operation = visible(def, { ...params, resource }).find((p) => p.name === 'operation' && p.type === 'options');
  return operation ? optionValues(operation) : [];
}

/** Whether the operations list the items (many at once), not one by its id. */
const lists = (ops: string[]) => ops.some((v) => /^(?:getall|getmany|list|search|getallitems)$/.test(norm(v)));

export interface Intent {
  verb: Verb | 'trigger';
  /** What the step acts on ("issue", "row", "comment"): picks the resource. */
  noun?: string;
  resources?: string[];
  hints: AppHints;
  event?: string;
  /** The event's key as the request wrote it: the option of that value when the trigger lists one. */
  eventKey?: string;
}

export interface Configured {
  parameters: Record<string, unknown>;
  /** Settings the user gives in n8n (placeholders in the JSON), named in the reply. */
  toPick: string[];
  /** Credential types the node needs (referenced by type; the user connects them in n8n). */
  credentials: string[];
}

/**
 * What an app calls an item the request names another way, when it has no resource of that name: Wise's payments
 * are transfers, Stripe's are charges; a CRM without leads keeps them as contacts or persons.
 */
const NOUN_KIN: Record<string, string[]> = {
  payment: ['transfer', 'charge', 'transaction', 'paymentIntent'],
  customer: ['contact', 'client'],
  client: ['contact', 'customer'],
  lead: ['contact', 'person'],
  deal: ['opportunity'],
  opportunity: ['deal'],
  subscriber: ['member', 'contact'],
  sale: ['order', 'charge'],
  ticket: ['issue', 'case'],
};

/** Resource and operation for an app step, then its required parameters. */
export function configureNode(def: NodeDefinition, want: Intent, given: Record<string, unknown> = {}): Configured {
  const params: Record<string, unknown> = { ...given };
  let nounOperation: string | undefined;
  const resource = visible(def, params).find((p) => p.name === 'resource' && p.type === 'options');
  if (resource && !('resource' in given)) {
    // Sending without saying what: a message (to a channel first, as "post to the #ops channel" means).
    const sent =
      want.verb === 'send' ? ['message', 'channelMessage', 'chatMessage', 'post', 'email', 'mail', 'sms'] : [];
    // A file is an object in a bucket store (S3, Google Cloud Storage).
    const files = want.noun === 'file' ? ['object', 'item'] : [];
    // "every file in the Drive folder": Google Drive lists a folder's files as "fileFolder" search.
    const listed = want.hints.list ? ['fileFolder', 'folder', 'search'] : [];
    const kin = want.noun ? (NOUN_KIN[norm(want.noun)] ?? []) : [];
    const preferred = [...listed, want.noun, ...(want.resources ?? []), ...kin, ...sent, ...files]
      .filter((x): x is string => Boolean(x))
      .flatMap((r) => [norm(r), norm(r).replace(/s$/, ''), `${norm(r)}s`]);
    const values = optionValues(resource);
    // "reply with a comment": Jira's "issueComment", Trello's "cardComment".
    const suffixed =
      want.noun && !values.some((v) => preferred.includes(norm(v)))
        ? values.filter((v) => norm(v).endsWith(norm(want.noun!))).map(norm)
        : [];
    params.resource = choose(values, [...preferred, ...suffixed], resource.default);
    // "post the reply on Google" (Business Profile's "review: reply"): a noun no resource has, that names an operation.
    if (want.noun && want.verb !== 'trigger' && !values.some((v) => preferred.includes(norm(v))) && !suffixed.length)
      for (const r of values) {
        const ops = visible(def, { ...params, resource: r }).find(
          (p) => p.name === 'operation' && p.type === 'options',
        );
        const op = ops && optionValues(ops).find((v) => norm(v) === norm(want.noun!));
        if (op) {
          params.resource = r;
          nounOperation = op;
          break;
        }
      }
    // "documents from a Google Drive folder" reads: a resource with nothing that reads (a folder can only be
    // created, shared or deleted) gives way to one that does, the default first.
    const does = (r: unknown) => {
      const ops = visible(def, { ...params, resource: r }).find((p) => p.name === 'operation' && p.type === 'options');
      return (
        !ops ||
        optionValues(ops).some(
          (v) => OPERATIONS[want.verb].includes(norm(v)) && !(want.hints.list && norm(v) === 'download'),
        )
      );
    };
    // "remove them from all groups": the resource whose operations change a membership (Entra ID's user, not group).
    const changesMembers = (r: unknown) => {
      const ops = visible(def, { ...params, resource: r }).find((p) => p.name === 'operation' && p.type === 'options');
      return Boolean(ops && optionValues(ops).some((v) => MEMBER_OPS[want.hints.member!].includes(norm(v))));
    };
    if (want.hints.member && !changesMembers(params.resource)) {
      const other = values.find(changesMembers);
      if (other) params.resource = other;
    }
    if (!does(params.resource) && want.verb !== 'trigger' && !nounOperation) {
      const other = [resource.default, ...values].find((r) => typeof r === 'string' && values.includes(r) && does(r));
      if (typeof other === 'string') params.resource = other;
    }
  }
  // "new GitHub issues": where the noun's own resource only gets one by its id, another resource lists them
  // (GitHub's repository "getIssues").
  if (
    want.verb === 'read' &&
    want.noun &&
    resource &&
    !('resource' in given) &&
    !nounOperation &&
    !want.hints.itemFile
  ) {
    if (!lists(opsOf(def, params, params.resource))) {
      const many = `${norm(want.noun).replace(/y$/, 'ie')}s`;
      for (const r of optionValues(resource)) {
        // ("pull requests": GitHub's "getPullRequests".)
        const ops = opsOf(def, params, r);
        const op =
          ops.find((v) => norm(v) === `get${many}`) ??
          ops.find((v) => norm(v).startsWith('get') && norm(v).endsWith(many));
        if (op) {
          params.resource = r;
          nounOperation = op;
          break;
        }
      }
    }
  }
  // "Hacker News top stories": items no resource is named for, read where the node lists them (its "all: getAll"),
  // not one article by an id the request does not have.
  if (
    want.verb === 'read' &&
    resource &&
    !('resource' in given) &&
    !nounOperation &&
    !want.hints.itemFile &&
    !want.hints.itemId &&
    !optionValues(resource).some((v) => want.noun && norm(v) === norm(want.noun))
  ) {
    const ops = opsOf(def, params, params.resource);
    if (ops.length > 0 && ops.every((v) => norm(v) === 'get')) {
      const other = optionValues(resource).find((r) => lists(opsOf(def, params, r)));
      if (other) params.resource = other;
    }
  }
  // Ghost's posts are written through its Admin API only: a setting that gates which operations show is switched
  // to a value that offers one for the verb.
  const offers = (p: Record<string, unknown>) => {
    const ops = visible(def, p).find((x) => x.name === 'operation' && x.type === 'options');
    return Boolean(ops && optionValues(ops).some((v) => OPERATIONS[want.verb].includes(norm(v))));
  };
  if (want.verb !== 'trigger' && !offers(params)) {
    for (const gate of visible(def, params)) {
      if (gate.type !== 'options' || /^(?:resource|operation)$/.test(gate.name) || gate.name in given) continue;
      const value = optionValues(gate).find((v) => offers({ ...params, [gate.name]: v }));
      if (value !== undefined) {
        params[gate.name] = value;
        break;
      }
    }
  }
  const operation = visible(def, params).find((p) => p.name === 'operation' && p.type === 'options');
  if (operation && !('operation' in given)) {
    // "add a row to Google Sheets": creating in a sheet or a table is adding a row to it, not making another one.
    const container =
      want.verb === 'create' &&
      typeof params.resource === 'string' &&
      /^(?:sheet|table|database|spreadsheet|base)$/.test(params.resource) &&
      norm(want.noun ?? '') !== params.resource;
    params.operation =
      nounOperation ??
      choose(
        optionValues(operation),
        container
          ? ['append', 'insert', 'upsert', 'appendorupdate', 'createrow', 'addrow', ...OPERATIONS.create]
          : // "remove them from all groups": the membership changes (Entra ID's "removeGroup"), no one is deleted.
            want.hints.member
            ? want.hints.member === 'remove'
              ? // A list's member (Mailchimp's) is the membership itself: deleting it takes them off the list.
                typeof params.resource === 'string' && /member|subscriber/i.test(params.resource)
                ? [...MEMBER_OPS.remove, ...OPERATIONS.delete]
                : [...MEMBER_OPS.remove, ...OPERATIONS.update, ...OPERATIONS.delete]
              : [...MEMBER_OPS.add, ...OPERATIONS[want.verb]]
            : // "clear the sheet tab": its rows go, the tab stays (Google Sheets' "clear").
              want.verb === 'delete' && want.hints.clear
              ? ['clear', 'truncate', ...OPERATIONS.delete, ...OPERATIONS.update]
              : // "remove them from the group" where nothing deletes: changing the record is nearer than creating one.
                want.verb === 'delete'
                ? [...OPERATIONS.delete, ...OPERATIONS.update]
                : // "upsert them into Postgres (match on SKU)": n8n's own create-or-update where the node has one.
                  want.hints.run && want.verb !== 'read'
                  ? ['trigger', 'triggerparams', 'run', 'execute', 'start', 'build', ...OPERATIONS[want.verb]]
                  : want.hints.upsert && want.verb !== 'read'
                    ? ['upsert', 'appendorupdate', 'createorupdate', ...OPERATIONS[want.verb]]
                    : want.hints.download
                      ? ['download', ...OPERATIONS[want.verb]]
                      : want.hints.list
                        ? ['search', 'list', ...OPERATIONS[want.verb].filter((o) => o !== 'download')]
                        : want.hints.approval && want.verb === 'send'
                          ? ['sendandwait', ...OPERATIONS.send]
                          : // "run `SELECT … FROM users …` on our Postgres": the query the request writes out is run as written.
                            SQL.test(want.hints.text ?? '')
                            ? ['executequery', 'query', 'rawquery', ...OPERATIONS[want.verb]]
                            : // GitHub's "issue: createComment": a comment made on the item.
                              want.noun === 'comment' && want.verb === 'create'
                              ? ['createcomment', 'addcomment', ...OPERATIONS.create]
                              : // "add them to the #welcome channel": a channel the request names exists; people join it.
                                want.verb === 'create' && params.resource === 'channel' && want.hints.channel
                                ? ['invite', 'addmember', 'adduser', ...OPERATIONS.create]
                                : OPERATIONS[want.verb],
        operation.default,
      );
  }
  const eventPicks = want.verb === 'trigger' ? chooseEvent(def, params, given, want) : [];
  // "every JSON file in the Google Drive folder 'pos-exports'": the search looks in that folder (picked in n8n by
  // its name), for files only, all of them.
  if (want.hints.list && want.hints.folder) {
    const filter = visible(def, params).find((p) => p.name === 'filter' && p.type === 'collection');
    if (filter?.options?.some((o) => (o as { name?: string }).name === 'folderId')) {
      params.filter = {
        folderId: { __rl: true, value: placeholder(`Folder ${want.hints.folder}`), mode: 'list' },
        whatToSearch: 'files',
      };
      if (visible(def, params).some((p) => p.name === 'returnAll')) params.returnAll = true;
    }
  }
  // "scan the DynamoDB table": every item is read, so no key condition has to be written.
  if (
    want.verb === 'read' &&
    !('scan' in given) &&
    visible(def, params).some((p) => p.name === 'scan' && p.type === 'boolean')
  )
    params.scan = true;
  // Generic API nodes (Facebook Graph API, …) pick their HTTP method from the step's verb.
  const method = visible(def, params).find(
    (p) => /method$/i.test(p.name) && p.type === 'options' && !(p.name in given),
  );
  if (method) {
    const want2 =
      want.verb === 'delete'
        ? 'DELETE'
        : want.verb === 'read' || want.verb === 'search' || want.verb === 'trigger'
          ? 'GET'
          : 'POST';
    if (optionValues(method).includes(want2)) params[method.name] = want2;
  }
  // The file an upload sends is where the trigger put it ("attachment_0"), not n8n's usual "data".
  if (want.hints.binary)
    for (const p of visible(def, params))
      if (/^(?:inputDataFieldName|binaryPropertyName|binaryProperty)$/.test(p.name) && !(p.name in given))
        params[p.name] = want.hints.binary;
  // "post an approve/deny message to #db-access and wait for the answer": the channel named is where it waits.
  if (params.operation === 'sendAndWait' && want.hints.channel && !('select' in given)) {
    const select = visible(def, params).find((p) => p.name === 'select');
    if (select && optionValues(select).includes('channel')) params.select = 'channel';
  }
  // "archive the card": the update switches the item's archived flag (Trello's "closed") on.
  if (want.hints.archive && want.verb === 'update') archiveFlag(def, params);
  // "archive the email": Gmail archives a message by taking its INBOX label off.
  if (want.hints.archive && params.operation === 'removeLabels' && !('labelIds' in given)) params.labelIds = ['INBOX'];
  const lookup = sheetRows(def, params, given, want);
  const filled = fillRequired(def, params, want.hints, want.verb === 'trigger');
  filled.toPick.push(...eventPicks, ...lookup);
  // A message that waits for one person's answer goes to that person, whom only the user can name.
  if (
    filled.parameters.operation === 'sendAndWait' &&
    (filled.parameters.select ?? visible(def, filled.parameters).find((p) => p.name === 'select')?.default) ===
      'user' &&
    !('user' in filled.parameters)
  ) {
    filled.parameters.user = { __rl: true, value: placeholder('User'), mode: 'id' };
    filled.toPick.push('User');
  }
  // Send Email writes HTML unless told otherwise: the text a step hands on is plain, so it goes as plain text.
  if (want.verb === 'send' && !('emailFormat' in given)) {
    const format = visible(def, filled.parameters).find((p) => p.name === 'emailFormat' && p.type === 'options');
    if (format && optionValues(format).includes('text')) {
      filled.parameters.emailFormat = 'text';
      delete filled.parameters.html;
    }
  }
  // A mail needs its subject, though n8n does not require one.
  if (want.verb === 'send') {
    const subject = visible(def, filled.parameters).find(
      (p) => p.name === 'subject' && p.type === 'string' && !(p.name in filled.parameters),
    );
    if (subject) filled.parameters.subject = want.hints.subject ?? '={{ $json.title ?? $json.subject ?? $json.name }}';
  }
  // A message step needs its text even where n8n does not mark the field required.
  if (want.verb === 'send' || want.verb === 'create') {
    const text = visible(def, filled.parameters).find(
      (p) =>
        p.type === 'string' &&
        /^(?:text|content|message|body|messagetext)$/i.test(p.name) &&
        !(p.name in filled.parameters),
    );
    if (text)
      filled.parameters[text.name] = want.hints.text ?? '={{ $json.text ?? $json.message ?? JSON.stringify($json) }}';
  }
  return filled;
}

/** Sets the boolean that archives an item ("closed", "archived") inside the update's collection of fields. */
function archiveFlag(def: NodeDefinition, params: Record<string, unknown>): void {
  for (const p of visible(def, params)) {
    if (p.type !== 'collection' || !Array.isArray(p.options)) continue;
    const flag = (p.options as NodeProperty[]).find(
      (o) => o.type === 'boolean' && /^(?:closed|archived|isArchived|archive)$/.test(o.name),
    );
    if (!flag) continue;
    params[p.name] = { ...((params[p.name] as Record<string, unknown> | undefined) ?? {}), [flag.name]: true };
    return;
  }
}

/**
 * Google Sheets deletes rows by their number: the row the lookup before found (its `row_number`), one row. The lookup
 * ("search") matches one column against a value of the item, both for the user to say: the settings to pick.
 */
function sheetRows(
  def: NodeDefinition,
  params: Record<string, unknown>,
  given: Record<string, unknown>,
  want: Intent,
): string[] {
  if (!def.type.endsWith('.googleSheets') || params.resource !== 'sheet') return [];
  const names = new Set(visible(def, params).map((p) => p.name));
  const shown = (name: string) => names.has(name) && !(name in given);
  if (params.operation === 'delete' && shown('toDelete')) {
    params.toDelete = 'rows';
    if (shown('startIndex')) params.startIndex = '={{ $json.row_number }}';
    if (shown('numberToDelete')) params.numberToDelete = 1;
  }
  if (params.operation !== 'read' || want.verb !== 'search' || !shown('filtersUI')) return [];
  params.filtersUI = {
    values: [{ lookupColumn: placeholder('Column to match'), lookupValue: placeholder('Value to match') }],
  };
  return ['Column to match', 'Value to match'];
}

/** Every required parameter n8n shows for the current values gets one (a few passes: values show others). */
/**
 * An agent's tool is called by the model, not by the items before it: a value the plan would read off the item
 * ("{{ $json.email }}", "{{ $now.toISO() }}") is one the model gives with each call, n8n's $fromAI.
 */
function toolValue(def: NodeDefinition, prop: NodeProperty, value: unknown): unknown {
  if (!/Tool$/.test(def.type) || typeof value !== 'string' || !/^=\{\{ \$(?:json|now)\b/.test(value)) return value;
  const key = prop.name.replace(/[^\w-]/g, '_');
  const about = label(prop).replace(/['\\]/g, '');
  return `={{ $fromAI('${key}', '${about}', 'string') }}`;
}

export function fillRequired(
  def: NodeDefinition,
  given: Record<string, unknown>,
  hints: AppHints = {},
  trigger = false,
): Configured {
  const params = { ...given };
  const toPick: string[] = [];
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (const prop of visible(def, params)) {
      if (
        !prop.required ||
        /^(?:notice|callout|hidden|credentials|credentialsSelect|button|curlImport)$/.test(prop.type)
      )
        continue;
      const current = params[prop.name];
      const empty =
        current === undefined ||
        current === '' ||
        (typeof current === 'object' &&
          current !== null &&
          '__rl' in current &&
          !(current as { value?: unknown }).value);
      if (!empty) {
        if (isPlaceholder(current) || isPlaceholder((current as { value?: unknown } | null)?.value))
          toPick.push(label(prop));
        continue;
      }
      const filled = valueFor(prop, hints, trigger, def.type);
      params[prop.name] = toolValue(def, prop, filled.value);
      if (filled.pick) toPick.push(filled.pick);
      changed = true;
    }
    if (!changed) break;
  }
  const merged = { ...defaults(def, params), ...params };
  const credentials = def.credentials
    .filter((c) => c.required !== false && isShown(c, merged, def.version))
    .map((c) => c.name);
  return { parameters: params, toPick: [...new Set(toPick)], credentials: credentials.slice(0, 1) };
}
