// Parses request input with a zod schema; a mismatch is a 422 with a readable detail.
import type { z } from 'zod';
import { HttpError, zodMessage } from './errors.ts';

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(422, zodMessage(result.error));
  return result.data;
}
