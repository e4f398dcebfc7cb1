// The response bodies of SPEC §7 as tolerant runtime readers: each takes any shape the spec allows and gives the
// one shape the SPA works with. Accepted: a bare body or `{data: …}`; a list as a bare array or under its own key
// (or `items`, `results`, `data`); every "X or Y" of SPEC §3 (`_id`/`id`, `session_id`/`id`, `session_name`/`name`,
// `last_updated`/`updated_at`); times as ISO text or epoch seconds (text or number); and optional fields missing,
// filled with SPEC §3's defaults where it gives one. The SPA's API slice reads every response through these, and the
// reference server's tests read its own responses with them. Plain functions, not zod: they load with the first
// page, and zod there costs 11 kB gzipped (measured), while the frame schemas load with the chat.
import type {
  Balance,
  ChatSession,
  CheckoutSession,
  CreditPackage,
  CreditStatus,
  KnowledgeBase,
  KnowledgeDocument,
  McpServerCatalogueEntry,
  PlanDetails,
  ServerRequirement,
  SessionMessages,
  StoredMessage,
  SubscriptionDetails,
  SubscriptionPlan,
  SubscriptionStatus,
  Team,
  TeamChatReply,
  UnavailableCatalogueEntry,
  TeamConfig,
  TeamMember,
  ToolCatalogueEntry,
  Transaction,
  TransactionPage,
  UploadFilesResponse,
  User,
  UserCredential,
} from './types.ts';

type Json = Record<string, unknown>;

/** A response that cannot be read as what the endpoint promises (the message says what was missing). */
export class UnreadableResponse extends Error {
  override name = 'UnreadableResponse';
}

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keys an envelope may carry beside `data`. */
const ENVELOPE_KEYS = new Set(['data', 'message', 'status', 'success', 'detail', 'meta', 'error', 'code']);

/** `{data: X}` (the reference server's shape) or X itself. */
function bodyOf(raw: unknown): unknown {
  if (isRecord(raw) && 'data' in raw && Object.keys(raw).every((key) => ENVELOPE_KEYS.has(key))) return raw.data;
  return raw;
}

/** Epoch seconds (or milliseconds past 1e12) as text or a number, or ISO text: ISO text either way. */
function isoTime(value: unknown): string | undefined {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n)) return undefined;
    return new Date(n > 1e12 ? n : n * 1000).toISOString();
  }
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The record without the alternative spellings it was read from (so one field has one name). */
const omit = (record: Json, ...keys: string[]): Json =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};
const bool = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : fallback;
const idOf = (record: Json, ...keys: string[]): string | undefined => {
  for (const key of keys) {
    const value = record[key];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return undefined;
};

/** A reader of one record with an id under one of `keys`; what is missing is said in the error. */
const entity =
  <T>(what: string, keys: string[], build: (record: Json, id: string) => T) =>
  (raw: unknown): T => {
    if (!isRecord(raw)) throw new UnreadableResponse(`Unreadable ${what}: expected an object`);
    const id = idOf(raw, ...keys);
    if (id === undefined) throw new UnreadableResponse(`Unreadable ${what}: missing ${keys.join(' or ')}`);
    return build(raw, id);
  };

/** A list as a bare array, or under one of `keys` (then `items`, `results`, `data`), with its total if given. */
function listOf(raw: unknown, keys: string[], what: string): { items: unknown[]; total: number } {
  const body = bodyOf(raw);
  if (Array.isArray(body)) return { items: body, total: body.length };
  if (isRecord(body)) {
    for (const key of [...keys, 'items', 'results', 'data']) {
      const value = body[key];
      if (Array.isArray(value)) return { items: value, total: num(body.total ?? body.count, value.length) };
    }
  }
  throw new UnreadableResponse(`Unreadable ${what}: expected a list (a bare array or under "${keys[0]}")`);
}

/** A map keyed by id, bare or under one of `keys`. */
function mapOf(raw: unknown, keys: string[], what: string): Json {
  const body = bodyOf(raw);
  if (isRecord(body)) {
    for (const key of keys) if (isRecord(body[key])) return body[key] as Json;
    if (Object.values(body).every(isRecord)) return body;
  }
  throw new UnreadableResponse(`Unreadable ${what}: expected a map of entries`);
}

/** What a server says it does not offer in its deployment, and why (optional; older servers send nothing). */
function unavailableOf(raw: unknown, key: string): Record<string, UnavailableCatalogueEntry> {
  const body = bodyOf(raw);
  const map = isRecord(body) ? body[key] : undefined;
  if (!isRecord(map)) return {};
  const entries: Array<[string, UnavailableCatalogueEntry]> = [];
  for (const [id, entry] of Object.entries(map)) {
    if (!isRecord(entry) || typeof entry.reason !== 'string') continue;
    const description = typeof entry.description === 'string' ? entry.description : '';
    entries.push([
      id,
      { ...(typeof entry.name === 'string' ? { name: entry.name } : {}), description, reason: entry.reason },
    ]);
  }
  return Object.fromEntries(entries);
}

// ---- Teams

/** SPEC §3 team config defaults. */
const TEAM_CONFIG_DEFAULTS: Omit<TeamConfig, 'members'> = {
  mode: 'coordinate',
  markdown: true,
  enable_team_history: false,
  num_history_runs: 3,
  share_member_interactions: false,
  show_members_responses: false,
  reasoning: false,
  reasoning_min_steps: 1,
  reasoning_max_steps: 10,
  debug_mode: false,
  monitoring: false,
  telemetry: true,
};

const readTeam = entity('team', ['id', '_id'], (record, id): Team => {
  const config = isRecord(record.config) ? record.config : {};
  const listed = Array.isArray(record.members) ? record.members : Array.isArray(config.members) ? config.members : [];
  const members = listed.filter(isRecord) as unknown as TeamMember[];
  return {
    ...(omit(record, '_id') as Partial<Team>),
    id,
    name: text(record.name, 'Untitled team'),
    description: text(record.description),
    is_public: bool(record.is_public, false),
    model_id: text(record.model_id, text(config.model_id)),
    owner_id: idOf(record, 'owner_id') ?? null,
    members,
    config: { ...TEAM_CONFIG_DEFAULTS, ...(config as Partial<TeamConfig>), members },
    ...(isoTime(record.created_at) ? { created_at: isoTime(record.created_at) } : {}),
    ...(isoTime(record.updated_at) ? { updated_at: isoTime(record.updated_at) } : {}),
  };
});

// ---- Sessions and messages

const readSession = entity('session', ['session_id', 'id'], (record, id): ChatSession => {
  const created = isoTime(record.created_at) ?? isoTime(record.last_updated) ?? isoTime(record.updated_at) ?? '';
  const name = record.session_name ?? record.name;
  return {
    ...(omit(record, 'id', 'name', 'updated_at') as Partial<ChatSession>),
    session_id: id,
    session_name: typeof name === 'string' ? name : null,
    team_id: text(record.team_id),
    created_at: created,
    last_updated: isoTime(record.last_updated) ?? isoTime(record.updated_at) ?? created,
  };
});

function readMessage(raw: unknown): StoredMessage {
  if (!isRecord(raw) || typeof raw.role !== 'string')
    throw new UnreadableResponse('Unreadable message: expected an object with a role');
  const tools = raw.tool_calls ?? raw.tools;
  return {
    ...(omit(raw, 'tools') as Partial<StoredMessage>),
    role: raw.role as StoredMessage['role'],
    content: text(raw.content),
    created_at: isoTime(raw.created_at) ?? '',
    ...(Array.isArray(tools) ? { tool_calls: tools as StoredMessage['tool_calls'] } : {}),
  };
}

// ---- Knowledge

const readKnowledgeBase = entity('knowledge base', ['id', '_id'], (record, id): KnowledgeBase => ({
  ...(omit(record, '_id') as Partial<KnowledgeBase>),
  id,
  name: text(record.name, 'Untitled'),
  description: text(record.description),
  vector_db: { collection: isRecord(record.vector_db) ? text(record.vector_db.collection) : '' },
}));

const readDocument = entity('document', ['id', '_id', 'doc_id'], (record, id): KnowledgeDocument => ({
  ...(omit(record, '_id', 'doc_id') as Partial<KnowledgeDocument>),
  id,
  knowledge_base_id: text(record.knowledge_base_id),
  name: text(record.name ?? record.filename, 'Document'),
  content_type: text(record.content_type),
  size: num(record.size),
  chunk_count: num(record.chunk_count),
  created_at: isoTime(record.created_at) ?? '',
}));

// ---- Payments

const planFields = (record: Json): SubscriptionPlan => ({
  ...(record as Partial<SubscriptionPlan>),
  name: text(record.name, 'Plan'),
  price_usd: num(record.price_usd),
  credits_per_cycle: num(record.credits_per_cycle),
  description: text(record.description),
});

/** Plan details keep only what was sent beside the name (SPEC §3 promises just the name). */
const planDetails = (record: Json, id: string): PlanDetails => ({
  ...(record as Partial<PlanDetails>),
  id,
  name: text(record.name, 'Plan'),
  ...(record.price_usd !== undefined ? { price_usd: num(record.price_usd) } : {}),
  ...(record.credits_per_cycle !== undefined ? { credits_per_cycle: num(record.credits_per_cycle) } : {}),
});

const detailsOf = (record: Json): SubscriptionDetails => {
  const plan = isRecord(record.plan_details) ? record.plan_details : {};
  return {
    ...(record as Partial<SubscriptionDetails>),
    id: text(record.id ?? record._id),
    plan_id: text(record.plan_id ?? plan.id),
    status: text(record.status, 'active') as SubscriptionDetails['status'],
    cancel_at_period_end: bool(record.cancel_at_period_end, false),
    current_period_start: isoTime(record.current_period_start) ?? '',
    current_period_end: isoTime(record.current_period_end) ?? '',
    canceled_at: isoTime(record.canceled_at) ?? null,
    cancel_reason: typeof record.cancel_reason === 'string' ? record.cancel_reason : null,
    plan_details: planDetails(plan, text(plan.id ?? record.plan_id)),
  };
};

const record = (what: string) => (raw: unknown) => {
  const body = bodyOf(raw);
  if (!isRecord(body)) throw new UnreadableResponse(`Unreadable ${what}: expected an object`);
  return body;
};

/** One reader per response body of SPEC §7. */
export const readers = {
  user: (raw: unknown): User => {
    const body = record('user')(raw);
    const id = idOf(body, 'id', '_id');
    if (id === undefined) throw new UnreadableResponse('Unreadable user: missing id or _id');
    return {
      ...(body as Partial<User>),
      id,
      name: text(body.name, text(body.username)),
      username: text(body.username, text(body.name)),
      email: typeof body.email === 'string' ? body.email : null,
      picture: typeof body.picture === 'string' ? body.picture : null,
      google_id: typeof body.google_id === 'string' ? body.google_id : null,
      is_admin: bool(body.is_admin, false),
    };
  },
  balance: (raw: unknown): Balance => {
    const body = record('balance')(raw);
    return {
      ...body,
      available_credits: num(body.available_credits),
      subscription_credits: num(body.subscription_credits),
    };
  },
  creditStatus: (raw: unknown): CreditStatus => {
    const body = record('credit status')(raw);
    const available = num(body.available_credits);
    return {
      ...(body as Partial<CreditStatus>),
      available_credits: available,
      subscription_credits: num(body.subscription_credits),
      purchased_credits: num(body.purchased_credits),
      is_subscribed: bool(body.is_subscribed, false),
      has_credits: bool(body.has_credits, available > 0),
    };
  },
  transactions: (raw: unknown): TransactionPage => {
    const { items, total } = listOf(raw, ['transactions'], 'transactions');
    const transactions = items.filter(isRecord).map((t): Transaction => ({
      ...(t as Partial<Transaction>),
      id: text(t.id ?? t._id),
      description: text(t.description),
      created_at: isoTime(t.created_at) ?? '',
      amount: num(t.amount),
      transaction_type: text(t.transaction_type ?? t.type, 'other'),
    }));
    return { total, transactions };
  },
  packages: (raw: unknown): CreditPackage[] =>
    listOf(raw, ['packages'], 'credit packages')
      .items.filter(isRecord)
      .map((p) => ({
        ...(p as Partial<CreditPackage>),
        id: text(p.id ?? p._id),
        name: text(p.name, 'Credits'),
        price_usd: num(p.price_usd),
        credits: num(p.credits),
        description: text(p.description),
      })),
  plans: (raw: unknown): Record<string, SubscriptionPlan> =>
    Object.fromEntries(
      Object.entries(mapOf(raw, ['plans'], 'subscription plans')).map(([id, plan]) => [id, planFields(plan as Json)]),
    ),
  subscriptionStatus: (raw: unknown): SubscriptionStatus => {
    const body = record('subscription status')(raw);
    const details = isRecord(body.subscription_details) ? detailsOf(body.subscription_details) : null;
    return { is_subscribed: bool(body.is_subscribed, details !== null), subscription_details: details };
  },
  subscriptionDetails: (raw: unknown): SubscriptionDetails => detailsOf(record('subscription')(raw)),
  subscriptionHistory: (raw: unknown): SubscriptionDetails[] =>
    listOf(raw, ['subscriptions', 'history'], 'subscription history').items.filter(isRecord).map(detailsOf),
  checkoutSession: (raw: unknown): CheckoutSession => {
    const body = record('checkout session')(raw);
    const url = body.url ?? body.checkout_url;
    if (typeof url !== 'string') throw new UnreadableResponse('Unreadable checkout session: missing url');
    return { ...(body as Partial<CheckoutSession>), url } as CheckoutSession;
  },
  credentials: (raw: unknown): UserCredential[] =>
    listOf(raw, ['credentials'], 'credentials').items.filter(isRecord).map(readers.credential),
  credential: (raw: unknown): UserCredential => {
    const body = record('credential')(raw);
    const id = idOf(body, 'id', '_id');
    if (id === undefined) throw new UnreadableResponse('Unreadable credential: missing id or _id');
    return {
      ...(body as Partial<UserCredential>),
      id,
      mcp_server_id: text(body.mcp_server_id ?? body.server_id),
      server_name: text(body.server_name ?? body.mcp_server_id),
      configured_fields: isRecord(body.configured_fields) ? (body.configured_fields as Record<string, string>) : {},
    };
  },
  credentialServers: (raw: unknown): ServerRequirement[] =>
    listOf(raw, ['servers'], 'credential servers')
      .items.filter(isRecord)
      .map((s) => ({
        ...(s as Partial<ServerRequirement>),
        id: text(s.id ?? s._id),
        name: text(s.name, text(s.id)),
        description: text(s.description),
        requires_credentials: bool(s.requires_credentials, true),
        credential_fields: Array.isArray(s.credential_fields)
          ? (s.credential_fields.filter(isRecord) as unknown as ServerRequirement['credential_fields'])
          : [],
      })),
  availableTools: (raw: unknown): Record<string, ToolCatalogueEntry> =>
    mapOf(raw, ['available_tools', 'tools'], 'tool catalogue') as Record<string, ToolCatalogueEntry>,
  availableMcpServers: (raw: unknown): Record<string, McpServerCatalogueEntry> =>
    mapOf(raw, ['available_mcp_servers', 'servers'], 'MCP server catalogue') as Record<string, McpServerCatalogueEntry>,
  unavailableTools: (raw: unknown) => unavailableOf(raw, 'unavailable_tools'),
  unavailableMcpServers: (raw: unknown) => unavailableOf(raw, 'unavailable_mcp_servers'),
  knowledgeBases: (raw: unknown) => {
    const { items, total } = listOf(raw, ['knowledge_bases', 'bases'], 'knowledge bases');
    return { total, knowledge_bases: items.map(readKnowledgeBase) };
  },
  knowledgeBase: (raw: unknown): KnowledgeBase => readKnowledgeBase(bodyOf(raw)),
  documents: (raw: unknown) => {
    const { items, total } = listOf(raw, ['documents'], 'documents');
    return { total, documents: items.map(readDocument) };
  },
  document: (raw: unknown): KnowledgeDocument => readDocument(bodyOf(raw)),
  teams: (raw: unknown) => {
    const { items, total } = listOf(raw, ['teams'], 'teams');
    return { total, teams: items.map(readTeam) };
  },
  team: (raw: unknown): Team => readTeam(bodyOf(raw)),
  sessions: (raw: unknown) => {
    const { items, total } = listOf(raw, ['sessions'], 'sessions');
    return { total, sessions: items.map(readSession) };
  },
  session: (raw: unknown): ChatSession => readSession(bodyOf(raw)),
  sessionMessages: (raw: unknown): SessionMessages => {
    const body = bodyOf(raw);
    const { items, total } = listOf(body, ['messages'], 'session messages');
    const fields = isRecord(body) ? body : {};
    const session = isRecord(fields.session) ? readSession(fields.session) : undefined;
    const context = fields.team_context ?? session?.team_context;
    return {
      ...(session ? { session } : {}),
      team_context: isRecord(context) ? context : {},
      messages: items.map(readMessage),
      total,
    } as SessionMessages;
  },
  chatReply: (raw: unknown): TeamChatReply => {
    const body = record('team reply')(raw);
    const id = idOf(body, 'session_id', 'id');
    if (id === undefined) throw new UnreadableResponse('Unreadable team reply: missing session_id');
    return {
      ...(body as Partial<TeamChatReply>),
      session_id: id,
      content: text(body.content),
      member_responses: Array.isArray(body.member_responses) ? body.member_responses : [],
      tools: Array.isArray(body.tools) ? body.tools : [],
    } as TeamChatReply;
  },
  upload: (raw: unknown): UploadFilesResponse => {
    const body = record('upload')(raw);
    return {
      ...(body as Partial<UploadFilesResponse>),
      session_id: text(body.session_id),
      successful_files: Array.isArray(body.successful_files) ? body.successful_files : [],
    } as UploadFilesResponse;
  },
};
