// Full-text search over knowledge chunks (PostgreSQL tsvector): what agents read from their knowledge bases.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface KnowledgeHit {
  knowledgeBaseId: string;
  documentId: string;
  documentName: string;
  content: string;
  rank: number;
}

const MAX_FALLBACK_WORDS = 32;

/** The words of a query as plain lexemes, safe to join into a to_tsquery expression. */
export function orQueryText(query: string): string {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_FALLBACK_WORDS).join(' | ');
}

async function run(db: Db, ids: string[], tsquery: SQL, limit: number): Promise<KnowledgeHit[]> {
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const result = await db.execute<{
    knowledge_base_id: string;
    document_id: string;
    document_name: string;
    content: string;
    rank: number | string;
  }>(sql`
    SELECT c.knowledge_base_id, c.document_id, d.name AS document_name, c.content,
           ts_rank(c.tsv, q.query) AS rank
    FROM document_chunks c
    JOIN documents d ON d.id = c.document_id
    CROSS JOIN (SELECT ${tsquery} AS query) q
    WHERE c.knowledge_base_id IN (${idList}) AND c.tsv @@ q.query
    ORDER BY rank DESC, c.document_id, c.position
    LIMIT ${limit}
  `);
  return result.rows.map((r) => ({
    knowledgeBaseId: r.knowledge_base_id,
    documentId: r.document_id,
    documentName: r.document_name,
    content: r.content,
    rank: Number(r.rank),
  }));
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
  const size = Math.max(1, Math.min(100, Math.floor(limit)));
  if (!ids.length || !query.trim()) return [];
  const strict = await run(db, ids, sql`websearch_to_tsquery('english', ${query})`, size);
  if (strict.length) return strict;
  const anyWord = orQueryText(query);
  if (!anyWord) return [];
  return run(db, ids, sql`to_tsquery('english', ${anyWord})`, size);
}
