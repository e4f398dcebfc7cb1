// Credential values against a server's credential_fields: validation, masking and keeping masked secrets on update.
import type { CatalogServer } from '../mcp/catalog.ts';
import { unprocessable } from '../http/errors.ts';

const MAX_VALUE_LENGTH = 10_000;
/** Masked token values are this prefix plus the last 4 characters (or the prefix alone for short secrets). */
export const MASK_PREFIX = '••••••••';
/** Secrets shorter than this are fully masked: showing 4 characters would give away too much of them. */
const MIN_LENGTH_TO_SHOW_TAIL = 12;

export type CredentialValues = Record<string, string>;

function maskSecret(value: string): string {
  return value.length >= MIN_LENGTH_TO_SHOW_TAIL ? `${MASK_PREFIX}${value.slice(-4)}` : MASK_PREFIX;
}

/** Query parameters whose values are treated as secrets in a URL field. */
const SECRET_PARAM = /token|key|secret|pass|auth|sig|session|credential|code/i;

/**
 * A URL field as the client sees it: user name and password replaced by the mask, secret-looking query values
 * masked. Built by hand so the mask is not percent-encoded, and unchanged when there is nothing to hide.
 */
function maskUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const query = url.search
    .slice(1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        /* a malformed name is matched as written */
      }
      return rest.length > 0 && SECRET_PARAM.test(decoded) ? `${name}=${MASK_PREFIX}` : pair;
    });
  const hasUserinfo = url.username !== '' || url.password !== '';
  const hidesQuery = query.some((pair) => pair.endsWith(`=${MASK_PREFIX}`));
  if (!hasUserinfo && !hidesQuery) return value;
  const userinfo = hasUserinfo ? `${MASK_PREFIX}@` : '';
  const search = query.length ? `?${query.join('&')}` : '';
  return `${url.protocol}//${userinfo}${url.host}${url.pathname}${search}${url.hash}`;
}

function isSecretField(server: CatalogServer | undefined, key: string): boolean {
  const field = server?.credential_fields.find((f) => f.key === key);
  // Values of fields the catalogue no longer knows are treated as secrets.
  return !field || field.type === 'token';
}

function maskValue(server: CatalogServer | undefined, key: string, value: string): string {
  if (isSecretField(server, key)) return maskSecret(value);
  const field = server?.credential_fields.find((f) => f.key === key);
  return field?.type === 'url' ? maskUrl(value) : value;
}

/** What the client sees: token fields masked, URL fields without userinfo or query secrets, other fields in clear. */
export function configuredFields(server: CatalogServer | undefined, values: CredentialValues): CredentialValues {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, maskValue(server, key, value)]));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks submitted values against the server's fields and returns the values to store. Empty optional values are
 * dropped; on update, a token value equal to the mask of the stored secret keeps the stored secret.
 */
export function validateCredentialValues(
  server: CatalogServer,
  input: unknown,
  stored: CredentialValues = {},
): CredentialValues {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw unprocessable('credentials: expected an object of field values');
  }
  const fields = new Map(server.credential_fields.map((f) => [f.key, f]));
  const unknown = Object.keys(input).filter((key) => !fields.has(key));
  if (unknown.length) throw unprocessable(`credentials: unknown field ${unknown.slice(0, 5).join(', ')}`);
  const result: CredentialValues = {};
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    const field = fields.get(key)!;
    if (typeof raw !== 'string') throw unprocessable(`credentials.${key}: expected a string`);
    if (raw.length > MAX_VALUE_LENGTH) {
      throw unprocessable(`credentials.${key}: at most ${MAX_VALUE_LENGTH} characters`);
    }
    const storedValue = stored[key];
    if (field.type === 'token' && storedValue !== undefined && raw === maskSecret(storedValue)) {
      result[key] = storedValue;
      continue;
    }
    if (field.type === 'token' && raw.startsWith(MASK_PREFIX)) {
      // A mask that matches no stored secret would otherwise be saved as the secret itself.
      throw unprocessable(`credentials.${key}: the stored value is not available; enter it again`);
    }
    if (field.type === 'url' && storedValue !== undefined && raw.trim() === maskUrl(storedValue)) {
      result[key] = storedValue;
      continue;
    }
    if (field.type === 'url' && raw.includes(MASK_PREFIX)) {
      throw unprocessable(`credentials.${key}: the stored address is not available; enter it again in full`);
    }
    const value = raw.trim();
    if (!value) continue;
    if (value.includes('\u0000')) throw unprocessable(`credentials.${key}: contains a NUL character`);
    if (field.type === 'url' && !isHttpUrl(value)) throw unprocessable(`credentials.${key}: expected an http(s) URL`);
    result[key] = value;
  }
  const missing = server.credential_fields.filter((f) => f.required && result[f.key] === undefined);
  if (missing.length) throw unprocessable(`credentials: ${missing.map((f) => f.name).join(', ')} required`);
  if (server.credential_fields.length > 0 && Object.keys(result).length === 0) {
    throw unprocessable('credentials: enter at least one value');
  }
  return result;
}
