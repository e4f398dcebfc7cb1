// Chat sessions, their messages and the caller's uploaded files: the store the runtime writes a run into.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type {
  ChatSession,
  MemberResponse,
  MessageRole,
  ReplyWorkflow,
  StoredMessage,
  TeamContext,
  ToolCall,
} from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { chatMessages, chatSessions, uploadedFiles } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { newId } from '../ids.ts';

export type SessionRow = typeof chatSessions.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
/** Of a team reply: `running` until its run ends; `interrupted` when start-up recovery closed a run cut by a crash. */
export type RunStatus = 'running' | 'completed' | 'failed' | 'stopped' | 'interrupted';

export function toSession(row: SessionRow): ChatSession & { team_context: TeamContext } {
  return {
    session_id: row.id,
    id: row.id,
    session_name: row.name,
    name: row.name,
    team_id: row.teamId,
    created_at: row.createdAt.toISOString(),
    last_updated: row.updatedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    team_context: row.teamContext,
  };
}

function toStoredMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    role: row.role as MessageRole,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    member_responses: row.memberResponses,
    tool_calls: row.toolCalls,
    file_ids: row.fileIds,
    ...(row.workflow ? { workflow: row.workflow } : {}),
    ...(row.role === 'team_response' && row.runId ? { run_id: row.runId } : {}),
    ...(row.role === 'team_response' && row.runStatus ? { run_status: row.runStatus as RunStatus } : {}),
  };
}

export async function createSession(
  ctx: AppContext,
  input: { teamId: string; userId: string; name?: string | null },
): Promise<ChatSession> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(chatSessions)
    .values({
      id: newId(),
      teamId: input.teamId,
      userId: input.userId,
      name: input.name == null ? null : withoutNul(input.name),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Session could not be created');
  return toSession(row);
}

export async function findSessionRow(ctx: AppContext, sessionId: string): Promise<SessionRow | null> {
  const [row] = await ctx.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
  return row ?? null;
}

/** The session row when it is the user's: 404 for an unknown id, 403 for another user's session. */
export async function getOwnedSessionRow(ctx: AppContext, sessionId: string, userId: string): Promise<SessionRow> {
  const row = await findSessionRow(ctx, sessionId);
  if (!row) throw notFound('Session');
  if (row.userId !== userId) throw forbidden('This chat session belongs to another user');
  return row;
}

export async function getOwnedSession(ctx: AppContext, sessionId: string, userId: string): Promise<ChatSession> {
  return toSession(await getOwnedSessionRow(ctx, sessionId, userId));
}

export interface NewMessage {
  sessionId: string;
  role: MessageRole;
  content: string;
  memberResponses?: MemberResponse[];
  toolCalls?: ToolCall[];
  fileIds?: string[];
  runId?: string;
}

/** Stores a message and marks the session as updated, so session lists order by latest activity. */
export async function appendMessage(ctx: AppContext, message: NewMessage): Promise<string> {
  const id = newId();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(chatMessages).values({
      id,
      sessionId: message.sessionId,
      runId: message.runId ?? null,
      role: message.role,
      content: withoutNul(message.content),
      memberResponses: withoutNul(message.memberResponses ?? []),
      toolCalls: withoutNul(message.toolCalls ?? []),
      fileIds: message.fileIds ?? [],
      createdAt: now,
    });
    await tx.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, message.sessionId));
  });
  return id;
}

export interface RunStart {
  sessionId: string;
  teamId: string;
  userId: string;
  /** Name of the session when this run creates it (an existing session keeps its name). */
  name: string;
  message: string;
  fileIds: string[];
  runId: string;
  /** The server instance running it: its lease on the run. */
  instanceId?: string;
}

/**
 * Opens a run in its session in two statements: the session is created (or marked as updated), then the user
 * message and the empty team reply are inserted together, in that order. Returns the reply's id.
 */
export async function storeRunStart(db: Db, run: RunStart, now: () => Date): Promise<string> {
  const at = now();
  await db
    .insert(chatSessions)
    .values({
      id: run.sessionId,
      teamId: run.teamId,
      userId: run.userId,
      name: withoutNul(run.name),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({ target: chatSessions.id, set: { updatedAt: at } });
  const replyId = newId();
  const base = { sessionId: run.sessionId, runId: run.runId, memberResponses: [], toolCalls: [] };
  await db.insert(chatMessages).values([
    { ...base, id: newId(), role: 'user', content: withoutNul(run.message), fileIds: run.fileIds, createdAt: at },
    {
      ...base,
      id: replyId,
      role: 'team_response',
      content: '',
      fileIds: [],
      runStatus: 'running',
      instanceId: run.instanceId ?? null,
      updatedAt: at,
      createdAt: now(),
    },
  ]);
  return replyId;
}

export async function updateMessage(
  ctx: AppContext,
  messageId: string,
  patch: {
    content?: string;
    memberResponses?: MemberResponse[];
    toolCalls?: ToolCall[];
    runStatus?: RunStatus;
    workflow?: ReplyWorkflow;
    workflowSpec?: unknown;
    fileIds?: string[];
  },
): Promise<void> {
  const set: Partial<MessageRow> = { updatedAt: ctx.now() };
  if (patch.workflow !== undefined) set.workflow = withoutNul(patch.workflow);
  if (patch.workflowSpec !== undefined) set.workflowSpec = withoutNul(patch.workflowSpec);
  if (patch.runStatus !== undefined) set.runStatus = patch.runStatus;
  if (patch.content !== undefined) set.content = withoutNul(patch.content);
  if (patch.memberResponses !== undefined) set.memberResponses = withoutNul(patch.memberResponses);
  if (patch.toolCalls !== undefined) set.toolCalls = withoutNul(patch.toolCalls);
  if (patch.fileIds !== undefined) set.fileIds = patch.fileIds;
  await ctx.db.update(chatMessages).set(set).where(eq(chatMessages.id, messageId));
}

/** The session's last workflow (the newest team reply that built one), with what it was read as. */
export async function lastWorkflow(
  ctx: AppContext,
  sessionId: string,
): Promise<{ workflow: ReplyWorkflow; spec: unknown } | null> {
  const [row] = await ctx.db
    .select({ workflow: chatMessages.workflow, spec: chatMessages.workflowSpec })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), isNotNull(chatMessages.workflow)))
    .orderBy(desc(chatMessages.seq))
    .limit(1);
  return row?.workflow ? { workflow: row.workflow, spec: row.spec ?? null } : null;
}

/** The last `limit` messages of a session (before its newest `skip`), oldest first. */
export async function recentMessages(
  ctx: AppContext,
  sessionId: string,
  limit: number,
  skip = 0,
): Promise<StoredMessage[]> {
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.seq))
    .limit(Math.max(0, Math.floor(limit)))
    .offset(Math.max(0, Math.floor(skip)));
  return rows.reverse().map(toStoredMessage);
}

export async function updateTeamContext(ctx: AppContext, sessionId: string, teamContext: TeamContext): Promise<void> {
  await ctx.db
    .update(chatSessions)
    .set({ teamContext: withoutNul(teamContext) })
    .where(eq(chatSessions.id, sessionId));
}

export interface OwnedFile {
  id: string;
  originalFilename: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** Those of the given file ids that the user uploaded; others' and unknown ids are left out. */
export async function getOwnedFiles(ctx: AppContext, userId: string, fileIds: string[]): Promise<OwnedFile[]> {
  if (fileIds.length === 0) return [];
  return ctx.db
    .select({
      id: uploadedFiles.id,
      originalFilename: uploadedFiles.originalFilename,
      contentType: uploadedFiles.contentType,
      size: uploadedFiles.size,
      storageKey: uploadedFiles.storageKey,
    })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.userId, userId), inArray(uploadedFiles.id, fileIds)));
}

/**
 * PostgreSQL text and jsonb cannot hold NUL characters, and model or tool output may contain them; they carry
 * no meaning in chat text, so they are dropped rather than failing the whole run.
 */
function withoutNul<T>(value: T): T {
  // Replies are rewritten as they grow: copy only when there is a NUL to drop.
  return hasNul(value) ? dropNul(value) : value;
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v)) return true;
  }
  return false;
}

function dropNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (Array.isArray(value)) return value.map(dropNul) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [dropNul(k), dropNul(v)])) as T;
  }
  return value;
}
