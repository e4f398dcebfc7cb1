// The wire contract of SPEC §3 and §7: shapes shared by the SPA, the reference server and the replay tool.
// Field names here are the contract; any server that honours them works with the SPA.

import type { z } from 'zod';
import type {
  cancelBody,
  chatRequestSchema,
  checkoutBody,
  createBaseBody,
  createCredentialBody,
  idTokenBody,
  runRequestSchema,
  subscriptionBody,
  teamUpdateSchema,
  updateCredentialBody,
  walletLoginBody,
  walletRegisterBody,
} from './bodies.ts';
import type { MemberResponse, ReplyFile, ReplyWorkflow, ToolCall } from './frames.ts';

export type { MemberResponse, ReplyFile, ReplyWorkflow, StreamFrame, ToolCall, WorkflowJson } from './frames.ts';

/**
 * A payload the SPA sends, checked at compile time against the server's body schema (contract/bodies.ts): a field
 * the schema does not accept, or of another type, fails the type check.
 */
type Sends<
  Schema extends z.ZodType,
  Payload extends z.input<Schema> & { [K in Exclude<keyof Payload, keyof z.input<Schema>>]: never },
> = Payload;

export type IsoDate = string;

export interface User {
  id: string;
  name: string;
  username: string;
  email: string | null;
  picture: string | null;
  google_id: string | null;
  is_admin: boolean;
  wallet_address?: string | null;
  created_at?: IsoDate;
}

export interface AuthResponse {
  access_token: string;
  token_type?: 'bearer';
}

export type GoogleAuthPayload = z.input<typeof idTokenBody>;
export type WalletLoginPayload = z.input<typeof walletLoginBody>;
export type WalletRegisterPayload = z.input<typeof walletRegisterBody>;

/** Error bodies: `{detail}` where detail is a string or `{code, message}`. */
export interface ErrorDetailObject {
  code: string;
  message: string;
  [key: string]: unknown;
}
export interface ErrorBody {
  detail: string | ErrorDetailObject;
}

export interface Balance {
  available_credits: number;
  subscription_credits: number;
}

export interface CreditStatus extends Balance {
  purchased_credits: number;
  is_subscribed: boolean;
  has_credits: boolean;
  /** What a chat run costs up front and per tool call; other servers may omit them. */
  run_cost_credits?: number;
  tool_call_cost_credits?: number;
}

export type TransactionType =
  | 'purchase'
  | 'free_credits'
  | 'consumption'
  | 'subscription'
  | 'subscription_renewal'
  | 'subscription_expired'
  | (string & {});

export interface Transaction {
  id: string;
  description: string;
  created_at: IsoDate;
  amount: number;
  transaction_type: TransactionType;
}

export interface TransactionPage {
  total: number;
  transactions: Transaction[];
}

/** Most list and action endpoints wrap their payload in `data`. */
export interface CreditPackage {
  id: string;
  name: string;
  price_usd: number;
  credits: number;
  description: string;
}

export interface SubscriptionPlan {
  name: string;
  price_usd: number;
  credits_per_cycle: number;
  description: string;
}

/** The plan inside subscription details: SPEC §3 promises only its name; the reference server sends the whole plan. */
export type PlanDetails = Partial<SubscriptionPlan> & { id: string; name: string };

export interface SubscriptionDetails {
  id: string;
  plan_id: string;
  status: 'active' | 'canceled' | 'expired';
  cancel_at_period_end: boolean;
  current_period_start: IsoDate;
  current_period_end: IsoDate;
  canceled_at: IsoDate | null;
  cancel_reason: string | null;
  plan_details: PlanDetails;
}

export interface SubscriptionStatus {
  is_subscribed: boolean;
  subscription_details: SubscriptionDetails | null;
}

export type CheckoutPayload = z.input<typeof checkoutBody>;
export type SubscriptionSessionPayload = z.input<typeof subscriptionBody>;
export type CancelPayload = z.input<typeof cancelBody>;
export type CancelReason = CancelPayload['reason'];
export interface CheckoutSession {
  url: string;
  session_id: string;
}

export type CredentialFieldType = 'token' | 'text' | 'url' | (string & {});
export interface CredentialField {
  key: string;
  name: string;
  type: CredentialFieldType;
  placeholder?: string;
  description?: string;
  required?: boolean;
}
export interface ServerRequirement {
  id: string;
  name: string;
  description: string;
  requires_credentials: boolean;
  credential_fields: CredentialField[];
}
export interface UserCredential {
  id: string;
  mcp_server_id: string;
  server_name: string;
  configured_fields: Record<string, string>;
  is_active?: boolean;
  created_at?: IsoDate;
  updated_at?: IsoDate;
}
export type CreateCredentialPayload = Sends<
  typeof createCredentialBody,
  {
    mcp_server_id: string;
    credentials: Record<string, string>;
  }
>;
export type UpdateCredentialPayload = Sends<
  typeof updateCredentialBody,
  {
    credentials: Record<string, string>;
    is_active: true;
  }
>;

export interface KnowledgeBase {
  id: string;
  _id?: string;
  name: string;
  description: string;
  vector_db: { collection: string };
  document_count?: number;
  created_at?: IsoDate;
  updated_at?: IsoDate;
}
export interface KnowledgeDocument {
  id: string;
  knowledge_base_id: string;
  name: string;
  content_type: string;
  size: number;
  chunk_count: number;
  created_at: IsoDate;
}
export type CreateKnowledgeBasePayload = Sends<
  typeof createBaseBody,
  {
    name: string;
    description?: string;
    vector_db?: { collection?: string };
  }
>;

export type TeamMode = 'coordinate' | 'collaborate';
export type ModelProvider = 'openai' | 'anthropic' | 'google' | 'meta' | 'groq';

export interface ToolEntry {
  type: string;
  params?: Record<string, unknown>;
  provider?: string;
  server_ids?: string[];
  description?: string;
}

export interface AgentConfig {
  name?: string;
  description?: string;
  model_provider?: ModelProvider | string;
  model_id?: string;
  instructions?: string;
  expected_output?: string;
  markdown?: boolean;
  show_tool_calls?: boolean;
  reasoning?: boolean;
  reasoning_min_steps?: number;
  reasoning_max_steps?: number;
  debug_mode?: boolean;
  enable_agentic_memory?: boolean;
  enable_user_memories?: boolean;
  search_knowledge?: boolean;
  add_references?: boolean;
  add_datetime_to_instructions?: boolean;
  parse_response?: boolean;
  use_json_mode?: boolean;
  add_context?: boolean;
  tool_call_limit?: number | null;
  tools?: ToolEntry[];
  knowledge_base_ids?: string[];
}

export interface TeamMember {
  name: string;
  role?: string;
  type?: 'agent' | (string & {});
  agent_config?: AgentConfig;
  memberIndex?: number;
}

export interface TeamConfig {
  mode: TeamMode;
  model_provider?: ModelProvider | string;
  model_id?: string;
  instructions?: string;
  markdown: boolean;
  enable_team_history: boolean;
  num_history_runs: number;
  share_member_interactions: boolean;
  show_members_responses: boolean;
  reasoning: boolean;
  reasoning_min_steps: number;
  reasoning_max_steps: number;
  debug_mode: boolean;
  monitoring: boolean;
  telemetry: boolean;
  members: TeamMember[];
}

export interface Team {
  id: string;
  _id?: string;
  name: string;
  description: string;
  is_public: boolean;
  model_id: string;
  owner_id: string | null;
  members: TeamMember[];
  config: TeamConfig;
  created_at?: IsoDate;
  updated_at?: IsoDate;
}

/**
 * PUT /teams/{id}. Members and config go back as they were read (a provider another server named stays a string),
 * so only the other fields are checked against the reference server's schema, which narrows providers to its own.
 */
export type TeamUpdatePayload = Sends<
  typeof teamUpdateSchema,
  {
    name: string;
    description?: string;
    is_public?: boolean;
    model_id?: string;
  }
> & {
  members?: TeamMember[];
  config?: Partial<TeamConfig>;
};

export interface TeamPage {
  total: number;
  teams: Team[];
}

export type MessageRole = 'system' | 'user' | 'assistant' | 'team_response';

export interface StoredMessage {
  id?: string;
  role: MessageRole;
  content: string;
  created_at: IsoDate | number | string;
  member_responses?: MemberResponse[];
  tool_calls?: ToolCall[];
  file_ids?: string[];
  /** Team replies that built a workflow (an addition to SPEC §3: clients that ignore it read the reply's json block). */
  workflow?: ReplyWorkflow;
  /**
   * Team replies (additions to SPEC §3, docs/PROTOCOL.md): the run that wrote it and how it stands. A reply still
   * `running` is followed live with a resume message; `stopped`, `failed` and `interrupted` ones end early.
   */
  run_id?: string;
  run_status?: 'running' | 'completed' | 'failed' | 'stopped' | 'interrupted';
  /** Team replies: the files the team saved in the run (docs/PROTOCOL.md), downloadable at /files/{file_id}. */
  files?: ReplyFile[];
}

export interface TeamContext {
  member_interactions?: Array<{ member_name: string; task: string; response: string }>;
  [key: string]: unknown;
}

export interface ChatSession {
  session_id: string;
  id?: string;
  session_name: string | null;
  name?: string | null;
  team_id: string;
  created_at: IsoDate;
  last_updated: IsoDate;
  updated_at?: IsoDate;
  team_context?: TeamContext;
}

export interface SessionPage {
  total: number;
  sessions: ChatSession[];
}

export interface SessionMessages {
  /** Absent from servers that send only the messages. */
  session?: ChatSession;
  team_context: TeamContext;
  messages: StoredMessage[];
  total: number;
}

export interface UploadedFile {
  file_id: string;
  original_filename: string;
  size: number;
  content_type?: string;
}
export interface UploadFilesResponse {
  session_id: string;
  successful_files: UploadedFile[];
  failed_file_details?: Array<{ filename: string; error: string }>;
}

export type TeamChatPayload = Sends<
  typeof chatRequestSchema,
  {
    message: string;
    session_id?: string | null;
    stream?: boolean;
    file_ids?: string[];
  }
>;

export interface TeamChatReply {
  session_id: string;
  content: string;
  member_responses: MemberResponse[];
  tools: ToolCall[];
  team_id?: string | null;
  workflow?: ReplyWorkflow;
  /** Files the team saved in the run (save_file), downloadable by the user at /api/v1/files/{file_id}. */
  files?: ReplyFile[];
}

/** Client → server over `/teams/{id}/ws`. */
export type StreamRequest = Sends<
  typeof runRequestSchema,
  {
    message: string;
    session_id?: string | null;
    file_ids?: string[];
  }
>;

export interface ToolCatalogueEntry {
  description: string;
  functions: string[];
}
/** A catalogue tool or MCP server this deployment does not offer, and why (e.g. "e-mail: set SMTP_URL"). */
export interface UnavailableCatalogueEntry {
  /** MCP servers only: the server's display name. */
  name?: string;
  description: string;
  reason: string;
}
export interface McpServerCatalogueEntry {
  name: string;
  description: string;
  requires_credentials: boolean;
  tool_config_example: ToolEntry;
  /** Tool names the server offers without credentials; absent from older servers. */
  tools?: string[];
  /** True while the server is still listing them (ask again shortly); absent means the names are final. */
  tools_pending?: boolean;
}
