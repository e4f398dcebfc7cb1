// PostgreSQL schema of the reference server (Drizzle). Migrations are generated from it: `npm run db:generate`.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  bigserial,
} from 'drizzle-orm/pg-core';
import type {
  MemberResponse,
  ReplyWorkflow,
  TeamConfig,
  TeamContext,
  TeamMember,
  ToolCall,
} from '../../../contract/types.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  username: text('username').notNull().unique(),
  email: text('email').unique(),
  picture: text('picture'),
  googleId: text('google_id').unique(),
  walletAddress: text('wallet_address').unique(),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Access tokens carry this number; sign-out increments it, so every earlier token stops working on every instance. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
});

/** Server-issued wallet sign-in nonces: each is used once and expires. */
export const walletNonces = pgTable('wallet_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/** Signatures already accepted for wallet sign-in: each is accepted once. */
export const usedWalletSignatures = pgTable('used_wallet_signatures', {
  signatureHash: text('signature_hash').primaryKey(),
  walletAddress: text('wallet_address').notNull(),
  usedAt: createdAt(),
});

/** Current balance per user, kept in step with the append-only ledger inside one transaction. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchasedCredits: integer('purchased_credits').notNull().default(0),
    subscriptionCredits: integer('subscription_credits').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('credit_balances_non_negative', sql`${t.purchasedCredits} >= 0 AND ${t.subscriptionCredits} >= 0`)],
);

export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    transactionType: text('transaction_type').notNull(),
    description: text('description').notNull(),
    /** What caused it (checkout session, run id…), for tracing; not unique. */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [index('credit_transactions_user_idx').on(t.userId, t.seq)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    status: text('status').notNull(), // active | canceled | expired
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelReason: text('cancel_reason'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'date' }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }).notNull(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(), // package | subscription
  itemId: text('item_id').notNull(),
  amountUsd: integer('amount_usd_cents').notNull(),
  status: text('status').notNull(), // open | paid | canceled
  provider: text('provider').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: createdAt(),
});

/** One row per fulfilled provider event or session: the idempotency key of every credit grant. */
export const paymentFulfilments = pgTable('payment_fulfilments', {
  key: text('key').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const mcpCredentials = pgTable(
  'mcp_credentials',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mcpServerId: text('mcp_server_id').notNull(),
    /** AES-256-GCM sealed JSON of the field values. */
    secret: text('secret').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('mcp_credentials_user_server_idx').on(t.userId, t.mcpServerId)],
);

export const knowledgeBases = pgTable(
  'knowledge_bases',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    collection: text('collection').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('knowledge_bases_owner_idx').on(t.ownerId)],
);

export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    knowledgeBaseId: text('knowledge_base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key'),
    createdAt: createdAt(),
  },
  (t) => [index('documents_kb_idx').on(t.knowledgeBaseId)],
);

export const documentChunks = pgTable(
  'document_chunks',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    knowledgeBaseId: text('knowledge_base_id').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (t) => [index('document_chunks_tsv_idx').using('gin', t.tsv), index('document_chunks_kb_idx').on(t.knowledgeBaseId)],
);

export const teams = pgTable(
  'teams',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    modelId: text('model_id').notNull(),
    members: jsonb('members').$type<TeamMember[]>().notNull(),
    config: jsonb('config').$type<TeamConfig>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    teamContext: jsonb('team_context').$type<TeamContext>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_sessions_user_team_idx').on(t.userId, t.teamId, t.updatedAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    runId: text('run_id'),
    role: text('role').notNull(), // system | user | assistant | team_response
    content: text('content').notNull(),
    memberResponses: jsonb('member_responses').$type<MemberResponse[]>().notNull().default([]),
    toolCalls: jsonb('tool_calls').$type<ToolCall[]>().notNull().default([]),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    /** Team replies only: the workflow the run built (n8n JSON and its link in the user's n8n). */
    workflow: jsonb('workflow').$type<ReplyWorkflow>(),
    /** Team replies only: what the request was read as, so a follow-up edits it instead of re-reading the session. */
    workflowSpec: jsonb('workflow_spec').$type<unknown>(),
    /** Team replies only: running | completed | failed | interrupted (a run cut by a crash, closed on start-up). */
    runStatus: text('run_status'),
    /** Team replies only: the last write or heartbeat of the run, so recovery leaves live runs of other instances alone. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
    /** Team replies only: the server instance that runs it (its lease, renewed by the heartbeat in updatedAt). */
    instanceId: text('instance_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.seq),
    index('chat_messages_running_idx')
      .on(t.runStatus)
      .where(sql`${t.runStatus} = 'running'`),
  ],
);

/** Every frame a run sent, numbered per run, so a client that lost its connection asks for what it missed. */
export const runFrames = pgTable(
  'run_frames',
  {
    runId: text('run_id').notNull(),
    seq: integer('seq').notNull(),
    frame: jsonb('frame').$type<object>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] }), index('run_frames_created_idx').on(t.createdAt)],
);

export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    originalFilename: text('original_filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploaded_files_user_idx').on(t.userId)],
);

/** Key/value settings the server generates once (e.g. the local signing key id). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Support snapshots users sent ("Report a problem"), redacted on the client and again here; owner and admins read. */
export const supportReports = pgTable(
  'support_reports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    note: text('note').notNull().default(''),
    size: integer('size').notNull(),
    snapshot: jsonb('snapshot').$type<object>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_reports_created_idx').on(t.createdAt)],
);
