// Path and query schemas of the teams domain (the team body is in contract/bodies.ts), parsed into 422s.
import { z } from 'zod';
import { safeText } from '../../../contract/text.ts';

/** Path ids are bounded strings; an id that matches no row is a 404. */
export const teamIdParams = z.object({ id: safeText().min(1).max(100) });

export const teamListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  include_public: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});
