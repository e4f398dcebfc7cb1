// The request bodies of SPEC §3 and §7 as runtime schemas (classic zod, parsed by the server into 422s; the SPA's
// payload types in types.ts are checked against these at compile time). Ranges follow SPEC §5; text follows the
// text rule of text.ts.
import { z } from 'zod';
import { safeText } from './text.ts';

// ---- Chat runs (SPEC §3: the streaming message payload, and POST /teams/{id}/chat)

const MAX_MESSAGE_CHARS = 100_000;

const idSchema = safeText().trim().min(1).max(100);
/** Clients that lost track of a session send "undefined" or "null" (SPEC §2: the string undefined counts as absent). */
const sessionIdSchema = z.preprocess(
  (v) => (v === '' || v === 'undefined' || v === 'null' ? null : v),
  idSchema.nullish(),
);

/** Client → server: `{message, session_id?, file_ids?}` (SPEC §3 streaming message payload). */
export const runRequestSchema = z.object({
  message: safeText()
    .max(MAX_MESSAGE_CHARS)
    .refine((m) => m.trim().length > 0, 'message must not be empty'),
  session_id: sessionIdSchema,
  file_ids: z.array(idSchema).max(20).optional(),
});
export type RunRequestBody = z.infer<typeof runRequestSchema>;

/** POST /teams/{id}/chat: the run request and whether to stream its frames. */
export const chatRequestSchema = runRequestSchema.extend({ stream: z.boolean().default(false) });

// ---- Teams (PUT /teams/{id})

const TEAM_PROVIDERS = ['openai', 'anthropic', 'google', 'meta'] as const;
const AGENT_PROVIDERS = [...TEAM_PROVIDERS, 'groq'] as const;

export const MAX_NAME = 200;
const MAX_DESCRIPTION = 4000;
const MAX_INSTRUCTIONS = 20000;

const text = (max: number) => safeText().max(max);
const modelId = safeText().trim().min(1).max(100);
const steps = z.number().int().min(1).max(20);

const toolEntrySchema = z.object({
  type: safeText().trim().min(1, 'Each tool must have a "type" field').max(100),
  params: z.record(safeText().max(200), z.unknown()).optional(),
  provider: text(100).optional(),
  server_ids: z.array(safeText().trim().min(1).max(100)).max(20).optional(),
  description: text(1000).optional(),
});

const agentConfigSchema = z.object({
  name: text(MAX_NAME).optional(),
  description: text(MAX_DESCRIPTION).optional(),
  model_provider: z.enum(AGENT_PROVIDERS).optional(),
  model_id: modelId.optional(),
  instructions: text(MAX_INSTRUCTIONS).optional(),
  expected_output: text(MAX_DESCRIPTION).optional(),
  markdown: z.boolean().optional(),
  show_tool_calls: z.boolean().optional(),
  reasoning: z.boolean().optional(),
  reasoning_min_steps: steps.optional(),
  reasoning_max_steps: steps.optional(),
  debug_mode: z.boolean().optional(),
  enable_agentic_memory: z.boolean().optional(),
  enable_user_memories: z.boolean().optional(),
  search_knowledge: z.boolean().optional(),
  add_references: z.boolean().optional(),
  add_datetime_to_instructions: z.boolean().optional(),
  parse_response: z.boolean().optional(),
  use_json_mode: z.boolean().optional(),
  add_context: z.boolean().optional(),
  tool_call_limit: z.number().int().min(0).max(10000).nullable().optional(),
  tools: z.array(toolEntrySchema).max(50).optional(),
  knowledge_base_ids: z.array(safeText().min(1).max(100)).max(50).optional(),
});

const memberSchema = z.object({
  name: safeText().trim().min(1).max(MAX_NAME),
  role: text(MAX_NAME).optional(),
  type: safeText().trim().min(1).max(50).optional(),
  agent_config: agentConfigSchema.optional(),
  memberIndex: z.number().int().min(0).optional(),
});

const membersSchema = z.array(memberSchema).max(50);

const teamConfigSchema = z.object({
  mode: z.enum(['coordinate', 'collaborate']).optional(),
  model_provider: z.enum(TEAM_PROVIDERS).optional(),
  model_id: modelId.optional(),
  instructions: text(MAX_INSTRUCTIONS).optional(),
  markdown: z.boolean().optional(),
  enable_team_history: z.boolean().optional(),
  num_history_runs: z.number().int().min(1).max(10).optional(),
  share_member_interactions: z.boolean().optional(),
  show_members_responses: z.boolean().optional(),
  reasoning: z.boolean().optional(),
  reasoning_min_steps: steps.optional(),
  reasoning_max_steps: steps.optional(),
  debug_mode: z.boolean().optional(),
  monitoring: z.boolean().optional(),
  telemetry: z.boolean().optional(),
  members: membersSchema.optional(),
});

export const teamUpdateSchema = z.object({
  name: safeText().trim().min(1).max(MAX_NAME),
  description: text(MAX_DESCRIPTION).optional(),
  is_public: z.boolean().optional(),
  model_id: modelId.optional(),
  members: membersSchema.optional(),
  config: teamConfigSchema.optional(),
});
export type TeamUpdateInput = z.infer<typeof teamUpdateSchema>;

// ---- Knowledge (SPEC §7 knowledge bases and documents)

const MAX_BASE_NAME = 200;
const MAX_BASE_DESCRIPTION = 2_000;
const MAX_COLLECTION = 255;
export const MAX_DOCUMENT_NAME = 255;

/** Trimmed text between min and max characters. */
const trimmed = (min: number, max: number) => safeText().trim().min(min).max(max);

const vectorDb = z.object({ collection: trimmed(0, MAX_COLLECTION).optional() }).nullish();

export const createBaseBody = z.object({
  name: trimmed(1, MAX_BASE_NAME),
  description: trimmed(0, MAX_BASE_DESCRIPTION).nullish(),
  vector_db: vectorDb,
});

export const updateBaseBody = z.object({
  name: trimmed(1, MAX_BASE_NAME).optional(),
  description: trimmed(0, MAX_BASE_DESCRIPTION).nullish(),
  vector_db: vectorDb,
});

export const textDocumentBody = z.object({
  name: trimmed(1, MAX_DOCUMENT_NAME),
  content: trimmed(1, 1_000_000),
});

// ---- Sign-in (SPEC §7 auth)

const email = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase());
export const idTokenBody = z.object({ token: safeText().min(1).max(8192) });
export const devTokenBody = z.object({ email, name: safeText().trim().min(1).max(100).optional() });
export const walletLoginBody = z.object({
  wallet_address: safeText().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address'),
  message: safeText().min(1).max(4000),
  signature: safeText().regex(/^0x[0-9a-fA-F]{128,1000}$/, 'must be a 0x-prefixed hex signature'),
});
export const walletRegisterBody = walletLoginBody.extend({
  username: safeText().regex(/^[A-Za-z0-9._-]{3,30}$/, 'must be 3 to 30 letters, digits, dots, dashes or underscores'),
  email,
});

// ---- Payments

const url = safeText().max(2048).optional();
export const checkoutBody = z.object({ package_id: safeText().min(1).max(64), success_url: url, cancel_url: url });
export const subscriptionBody = z.object({ price_id: safeText().min(1).max(64), success_url: url, cancel_url: url });
export const cancelBody = z.object({ reason: z.enum(['too_expensive', 'not_using', 'found_better', 'other']) });

// ---- MCP credentials

export const createCredentialBody = z.object({ mcp_server_id: safeText().min(1).max(200), credentials: z.unknown() });
export const updateCredentialBody = z.object({ credentials: z.unknown(), is_active: z.boolean().optional() });

// ---- Support reports

/** A support snapshot is at most this large as JSON (the SPA trims its recording to fit). */
export const MAX_SNAPSHOT_BYTES = 4 * 1024 * 1024;

/** POST /support/reports: the snapshot the user chose to send, and what they wrote about the problem. */
export const supportReportBody = z.object({
  note: safeText().trim().max(4000).default(''),
  snapshot: z.looseObject({
    format: z.literal('agent-team-studio.support-snapshot'),
    version: z.literal(1),
    route: safeText().max(2000),
  }),
});
