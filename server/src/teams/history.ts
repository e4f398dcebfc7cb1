// The caller's session history: listing, renaming, reading messages and deleting sessions with their files.
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ChatSession, ReplyFile, SessionMessages, StoredMessage } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { chatMessages, chatSessions, uploadedFiles } from '../db/schema.ts';
import { getOwnedFiles, getOwnedSessionRow, recentMessages, toSession } from './sessions.ts';

export interface SessionListQuery {
  teamId?: string;
  limit: number;
  offset: number;
}

/** The user's sessions (of one team, or all), most recently updated first. */
export async function listSessions(
  ctx: AppContext,
  userId: string,
  query: SessionListQuery,
): Promise<{ total: number; sessions: ChatSession[] }> {
  const filters: SQL[] = [eq(chatSessions.userId, userId)];
  if (query.teamId !== undefined) filters.push(eq(chatSessions.teamId, query.teamId));
  const where = and(...filters);
  const [totalRow] = await ctx.db.select({ n: count() }).from(chatSessions).where(where);
  const rows = await ctx.db
    .select()
    .from(chatSessions)
    .where(where)
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.createdAt), chatSessions.id)
    .limit(query.limit)
    .offset(query.offset);
  return { total: totalRow?.n ?? 0, sessions: rows.map(toSession) };
}

export async function renameSession(
  ctx: AppContext,
  sessionId: string,
  userId: string,
  name: string,
): Promise<ChatSession> {
  const row = await getOwnedSessionRow(ctx, sessionId, userId);
  const [updated] = await ctx.db
    .update(chatSessions)
    .set({ name, updatedAt: ctx.now() })
    .where(eq(chatSessions.id, row.id))
    .returning();
  return toSession(updated ?? row);
}

/**
 * The session with its team context and its last `limit` messages, oldest first; `skip` leaves out that many of the
 * newest first, so a client pages back through a long session with skip = 0, limit, 2 × limit, …
 */
export async function sessionMessages(
  ctx: AppContext,
  sessionId: string,
  userId: string,
  limit: number,
  skip = 0,
): Promise<SessionMessages> {
  const row = await getOwnedSessionRow(ctx, sessionId, userId);
  const [totalRow] = await ctx.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.sessionId, row.id));
  const messages = await withReplyFiles(ctx, userId, await recentMessages(ctx, row.id, limit, skip));
  return { session: toSession(row), team_context: row.teamContext, messages, total: totalRow?.n ?? 0 };
}

/** Team replies carry the files the team saved in their run (name and size, to download by id). */
async function withReplyFiles(ctx: AppContext, userId: string, messages: StoredMessage[]): Promise<StoredMessage[]> {
  const replies = messages.filter((m) => m.role === 'team_response' && m.file_ids?.length);
  if (!replies.length) return messages;
  const owned = await getOwnedFiles(ctx, userId, [...new Set(replies.flatMap((m) => m.file_ids ?? []))]);
  const byId = new Map<string, ReplyFile>(
    owned.map((f) => [
      f.id,
      { file_id: f.id, original_filename: f.originalFilename, size: f.size, content_type: f.contentType },
    ]),
  );
  return messages.map((m) => {
    if (m.role !== 'team_response' || !m.file_ids?.length) return m;
    const files = m.file_ids.flatMap((id) => byId.get(id) ?? []);
    return files.length ? { ...m, files } : m;
  });
}

export async function deleteSession(ctx: AppContext, sessionId: string, userId: string): Promise<void> {
  const row = await getOwnedSessionRow(ctx, sessionId, userId);
  await deleteSessions(ctx, eq(chatSessions.id, row.id));
}

/** Every user's sessions of a team that is being deleted. */
export async function deleteSessionsOfTeam(ctx: AppContext, teamId: string): Promise<void> {
  await deleteSessions(ctx, eq(chatSessions.teamId, teamId));
}

/** Rows go in one transaction (messages by cascade); stored bytes are removed afterwards. */
async function deleteSessions(ctx: AppContext, where: SQL): Promise<void> {
  const sessions = await ctx.db.select({ id: chatSessions.id }).from(chatSessions).where(where);
  const ids = sessions.map((s) => s.id);
  if (ids.length === 0) return;
  const files = await ctx.db
    .select({ key: uploadedFiles.storageKey })
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.sessionId, ids));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(uploadedFiles).where(inArray(uploadedFiles.sessionId, ids));
    await tx.delete(chatSessions).where(inArray(chatSessions.id, ids));
  });
  await Promise.all(files.map((f) => ctx.storage.delete(f.key)));
}
