// Secrets out of anything a person or a file will see (DevTools, support snapshots, stored reports): values under
// secret keys and JSON Web Tokens inside any text become "[redacted]". Shared by the SPA and the server, which
// redacts a received snapshot again.

const MAX_DEPTH = 40;

/** Keys whose values are secrets wherever they appear (tokens, credential values, signatures, API keys). */
const SECRET_KEY =
  /^(access_token|refresh_token|id_token|token|password|secret|client_secret|api_?key|authorization|signature|credentials|configured_fields|existingValues)$|(_token|_secret|_password|_api_?key)$/i;
/** A JSON Web Token anywhere in text. */
const JWT = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/;
const JWTS = new RegExp(JWT.source, 'g');

const REDACTED = '[redacted]';

/**
 * `value` with every secret replaced by "[redacted]": values under secret keys, and tokens inside text. Copies only
 * what changes, so a clean state is returned as it is.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (JWT.test(value) ? value.replace(JWTS, REDACTED) : value) as T;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  let copy: Record<string, unknown> | unknown[] | null = null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, child] of entries) {
    const clean =
      typeof key === 'string' && SECRET_KEY.test(key) && child !== null && child !== undefined && child !== ''
        ? REDACTED
        : redactSecrets(child, depth + 1);
    if (clean !== child) {
      copy ??= Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
      (copy as Record<string | number, unknown>)[key] = clean;
    }
  }
  return (copy ?? value) as T;
}
