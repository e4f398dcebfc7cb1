// Runtime schemas of the teams domain's input (SPEC §5 ranges), parsed with http/validate.ts into 422s.
import { z } from 'zod';
import { safeText } from '../http/text.ts';

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

/** Path ids are bounded strings; an id that matches no row is a 404. */
export const teamIdParams = z.object({ id: safeText().min(1).max(100) });

export const teamListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  include_public: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});
