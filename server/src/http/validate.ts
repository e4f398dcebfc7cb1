// Parses request input with a zod schema; a mismatch is a 422 with a readable detail.
import type { z } from 'zod';
import { HttpError, unprocessable, zodMessage } from './errors.ts';
import { isCleanText, TEXT_RULE } from '../../../contract/text.ts';

const MAX_DEPTH = 32;

/**
 * Beyond the schema, what PostgreSQL needs: text and jsonb cannot hold NUL characters (nor unpaired surrogates), and free-form values
 * (tool params, credentials) must not nest deeper than a stored document reasonably does. Both are 422s, not 500s.
 */
function assertStorable(value: unknown): void {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isCleanText(item)) throw unprocessable(`Text ${TEXT_RULE}`);
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_DEPTH) throw unprocessable(`Input is nested deeper than ${MAX_DEPTH} levels`);
      for (const [key, child] of Object.entries(item)) stack.push([key, depth], [child, depth + 1]);
    }
  }
}

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(422, zodMessage(result.error));
  assertStorable(result.data);
  return result.data;
}
