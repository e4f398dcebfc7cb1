// Request schemas of the knowledge domain (bodies, queries and path parameters).
import { z } from 'zod';
import { safeText } from '../http/text.ts';

const MAX_BASE_NAME = 200;
const MAX_DESCRIPTION = 2_000;
const MAX_COLLECTION = 255;
export const MAX_DOCUMENT_NAME = 255;

const noNul = (s: string) => !s.includes('\u0000');
/** Trimmed text without NUL characters (PostgreSQL text cannot store them). */
const text = (min: number, max: number) =>
  safeText().trim().min(min).max(max).refine(noNul, 'must not contain NUL characters');

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

export const idParams = z.object({ id: safeText().min(1).max(100) });
export const documentParams = idParams.extend({ docId: safeText().min(1).max(100) });
export const attachParams = z.object({
  id: safeText().min(1).max(100),
  memberIndex: safeText()
    .regex(/^\d{1,6}$/, 'must be a member index (0, 1, 2, …)')
    .transform(Number),
  kbId: safeText().min(1).max(100),
});

const vectorDb = z.object({ collection: text(0, MAX_COLLECTION).optional() }).nullish();

export const createBaseBody = z.object({
  name: text(1, MAX_BASE_NAME),
  description: text(0, MAX_DESCRIPTION).nullish(),
  vector_db: vectorDb,
});

export const updateBaseBody = z.object({
  name: text(1, MAX_BASE_NAME).optional(),
  description: text(0, MAX_DESCRIPTION).nullish(),
  vector_db: vectorDb,
});

export const textDocumentBody = z.object({
  name: text(1, MAX_DOCUMENT_NAME),
  content: text(1, 1_000_000),
});
