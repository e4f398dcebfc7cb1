// Secrets a tool call carries in a URL or a header, masked in what the timeline shows (arguments and result).

export const MASK = '***';

/** Query parameters and header names whose values are secrets. */
const SECRET_NAME =
  /(?:^|[-_.])(?:key|apikey|api[-_]?key|token|access[-_]?token|auth|authorization|password|passwd|pwd|secret|signature|sig|session|sessionid|credential|credentials|cookie|code)$|^x-api-key$|^(?:proxy-)?authorization$|^cookie$/i;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/** Secret values found in a URL: userinfo and the values of secret query parameters. */
export function urlSecrets(url: URL): string[] {
  const found = [url.username, url.password].map(decodeSafely);
  for (const [name, value] of url.searchParams) if (isSecretName(name)) found.push(value);
  return found.filter((s) => s.length > 0);
}

/** The URL with userinfo and secret query values replaced by ***. */
export function maskUrl(url: URL): string {
  const copy = new URL(url.href);
  if (copy.username) copy.username = MASK;
  if (copy.password) copy.password = MASK;
  for (const name of new Set(copy.searchParams.keys())) if (isSecretName(name)) copy.searchParams.set(name, MASK);
  // URLSearchParams encodes * as %2A; the timeline reads better with the mask as written.
  return copy.href.replace(/%2A%2A%2A/g, MASK);
}

/** `text` with every occurrence of each secret replaced (a server may echo the URL or a header back). */
export function maskIn(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of [...new Set(secrets)].sort((a, b) => b.length - a.length)) {
    // Very short values (a "1" flag under a "code" parameter) would mask unrelated text and hide nothing.
    if (secret.length < 3) continue;
    out = out.split(secret).join(MASK);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(MASK);
  }
  return out;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
