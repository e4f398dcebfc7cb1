// Full-text search over knowledge chunks (PostgreSQL tsvector): what agents read from their knowledge bases.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documentChunks, documents } from '../db/schema.ts';

export interface KnowledgeHit {
  knowledgeBaseId: string;
  documentId: string;
  documentName: string;
  content: string;
  rank: number;
}

const MAX_FALLBACK_WORDS = 32;
/** Longer questions add nothing a search can use; NUL cannot be sent to PostgreSQL at all. */
const MAX_QUERY_LENGTH = 2_000;

/** The words of a query as plain lexemes, safe to join into a to_tsquery expression. */
function orQueryText(query: string): string {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_FALLBACK_WORDS).join(' | ');
}

async function run(db: Db, ids: string[], tsquery: SQL, limit: number): Promise<KnowledgeHit[]> {
  const rank = sql<number>`ts_rank(${documentChunks.tsv}, ${tsquery})`.mapWith(Number);
  return db
    .select({
      knowledgeBaseId: documentChunks.knowledgeBaseId,
      documentId: documentChunks.documentId,
      documentName: documents.name,
      content: documentChunks.content,
      rank,
    })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(and(inArray(documentChunks.knowledgeBaseId, ids), sql`${documentChunks.tsv} @@ ${tsquery}`))
    .orderBy(desc(rank), asc(documentChunks.documentId), asc(documentChunks.position))
    .limit(limit);
}

/**
 * The best-matching chunks of the given knowledge bases. All words must match first (websearch syntax: quotes,
 * OR, -word); when that finds nothing, any word may match, so a long question still finds something.
 */
export async function searchKnowledge(
  db: Db,
  knowledgeBaseIds: string[],
  query: string,
  limit = 5,
): Promise<KnowledgeHit[]> {
  const ids = [...new Set(knowledgeBaseIds)];
  const size = Number.isFinite(limit) ? Math.max(1, Math.min(100, Math.floor(limit))) : 5;
  const text = query.replaceAll('\u0000', ' ').slice(0, MAX_QUERY_LENGTH);
  if (!ids.length || !text.trim()) return [];
  const strict = await run(db, ids, sql`websearch_to_tsquery('english', ${text})`, size);
  if (strict.length) return strict;
  const anyWord = orQueryText(text);
  if (!anyWord) return [];
  return run(db, ids, sql`to_tsquery('english', ${anyWord})`, size);
}
