// The text rule of every request schema: no NUL characters (PostgreSQL cannot store them) and no unpaired UTF-16
// surrogates (they have no UTF-8 form, so the database and the socket layer fail on them). Server-side zod (classic).
import { z } from 'zod';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_RULE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

export const isCleanText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/** z.string() with the text rule; use it for every string a request carries. */
export const safeText = () => z.string().refine(isCleanText, TEXT_RULE);
