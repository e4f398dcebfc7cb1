// Knowledge bases and their documents: wire shapes, ownership checks and storing a document with its chunks.
import { and, count, desc, eq } from 'drizzle-orm';
import type { KnowledgeBase, KnowledgeDocument } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { documentChunks, documents, knowledgeBases } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { chunkText } from './chunking.ts';
import { detachKnowledgeBaseEverywhere } from './teamMembers.ts';

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

const INSERT_BATCH = 500;

/** SPEC §9: kb_{name with non-alphanumerics as underscores}_{unix timestamp}. */
export function defaultCollection(name: string, now: Date): string {
  return `kb_${name.replace(/[^A-Za-z0-9]/g, '_')}_${Math.floor(now.getTime() / 1000)}`;
}

export function toKnowledgeBase(row: KnowledgeBaseRow, documentCount: number): KnowledgeBase {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    vector_db: { collection: row.collection },
    document_count: documentCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toKnowledgeDocument(row: DocumentRow, chunkCount: number): KnowledgeDocument {
  return {
    id: row.id,
    knowledge_base_id: row.knowledgeBaseId,
    name: row.name,
    content_type: row.contentType,
    size: row.size,
    chunk_count: chunkCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** The knowledge base when the user owns it: 404 for an unknown id, 403 for someone else's. */
export async function getOwnedKnowledgeBase(ctx: AppContext, userId: string, id: string): Promise<KnowledgeBaseRow> {
  const [row] = await ctx.db.select().from(knowledgeBases).where(eq(knowledgeBases.id, id));
  if (!row) throw notFound('Knowledge base');
  if (row.ownerId !== userId) throw forbidden('You do not have access to this knowledge base');
  return row;
}

export async function countDocuments(ctx: AppContext, knowledgeBaseId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.knowledgeBaseId, knowledgeBaseId));
  return row?.n ?? 0;
}

export async function listKnowledgeBases(ctx: AppContext, userId: string, limit: number, skip: number) {
  const where = eq(knowledgeBases.ownerId, userId);
  const [total] = await ctx.db.select({ n: count() }).from(knowledgeBases).where(where);
  const rows = await ctx.db
    .select({ base: knowledgeBases, documentCount: count(documents.id) })
    .from(knowledgeBases)
    .leftJoin(documents, eq(documents.knowledgeBaseId, knowledgeBases.id))
    .where(where)
    .groupBy(knowledgeBases.id)
    .orderBy(desc(knowledgeBases.createdAt), desc(knowledgeBases.id))
    .limit(limit)
    .offset(skip);
  return { total: total?.n ?? 0, knowledge_bases: rows.map((r) => toKnowledgeBase(r.base, r.documentCount)) };
}

export async function listDocuments(ctx: AppContext, knowledgeBaseId: string, limit: number, skip: number) {
  const where = eq(documents.knowledgeBaseId, knowledgeBaseId);
  const [total] = await ctx.db.select({ n: count() }).from(documents).where(where);
  const rows = await ctx.db
    .select({ document: documents, chunkCount: count(documentChunks.id) })
    .from(documents)
    .leftJoin(documentChunks, eq(documentChunks.documentId, documents.id))
    .where(where)
    .groupBy(documents.id)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit)
    .offset(skip);
  return { total: total?.n ?? 0, documents: rows.map((r) => toKnowledgeDocument(r.document, r.chunkCount)) };
}

export interface NewDocument {
  name: string;
  contentType: string;
  bytes: Buffer;
  text: string;
}

/** Stores the bytes, then the document row and its chunks in one transaction (the bytes are removed if it fails). */
export async function addDocument(
  ctx: AppContext,
  knowledgeBaseId: string,
  input: NewDocument,
): Promise<KnowledgeDocument> {
  const id = newId();
  const storageKey = `knowledge/${knowledgeBaseId}/${id}`;
  const chunks = chunkText(input.text);
  await ctx.storage.put(storageKey, input.bytes);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(documents)
        .values({
          id,
          knowledgeBaseId,
          name: input.name,
          contentType: input.contentType,
          size: input.bytes.length,
          storageKey,
          createdAt: ctx.now(),
        })
        .returning();
      for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
        await tx.insert(documentChunks).values(
          chunks.slice(start, start + INSERT_BATCH).map((content, i) => ({
            id: newId(),
            documentId: id,
            knowledgeBaseId,
            position: start + i,
            content,
          })),
        );
      }
      await tx.update(knowledgeBases).set({ updatedAt: ctx.now() }).where(eq(knowledgeBases.id, knowledgeBaseId));
      return inserted!;
    });
    return toKnowledgeDocument(row, chunks.length);
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function deleteDocument(ctx: AppContext, knowledgeBaseId: string, documentId: string): Promise<void> {
  const [row] = await ctx.db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.knowledgeBaseId, knowledgeBaseId)))
    .returning();
  if (!row) throw notFound('Document');
  if (row.storageKey) await ctx.storage.delete(row.storageKey).catch(() => undefined);
}

export async function deleteKnowledgeBase(ctx: AppContext, knowledgeBaseId: string): Promise<void> {
  const docs = await ctx.db
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(eq(documents.knowledgeBaseId, knowledgeBaseId));
  // Chunks go with their documents, documents with the base (ON DELETE CASCADE); no member keeps pointing at it.
  await ctx.db.transaction(async (tx) => {
    await detachKnowledgeBaseEverywhere(tx, knowledgeBaseId, ctx.now());
    await tx.delete(knowledgeBases).where(eq(knowledgeBases.id, knowledgeBaseId));
  });
  for (const doc of docs) {
    if (doc.storageKey) await ctx.storage.delete(doc.storageKey).catch(() => undefined);
  }
}
