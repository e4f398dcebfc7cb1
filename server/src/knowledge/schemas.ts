// Query and path schemas of the knowledge domain (its bodies are in contract/bodies.ts).
import { z } from 'zod';
import { safeText } from '../../../contract/text.ts';

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
