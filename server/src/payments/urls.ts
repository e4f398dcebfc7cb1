// Where a checkout may send the user back: a path of this site only (no open redirects), whatever Host said.
import { unprocessable } from '../http/errors.ts';

const cleanPath = (path: string): boolean =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.includes('\\') &&
  !/(^|\/)\.\.?(\/|$)/.test(path.split(/[?#]/)[0] ?? '');

/**
 * The path (with query and fragment) of `given` when it is a clean path of this site, or an http(s) URL on this
 * site's origin; the default path when absent; else 422. Only the path is kept: the redirect is made relative
 * to this site, so a forged Host header cannot make it point elsewhere.
 */
export function redirectPath(origin: string, given: string | undefined, defaultPath: string, field: string): string {
  if (given === undefined) return defaultPath;
  let url: URL;
  try {
    url = given.startsWith('/') ? new URL(given, origin) : new URL(given);
  } catch {
    throw unprocessable(`${field}: must be a path or a page of this site`);
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  const sameSite = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
  if (!sameSite || !cleanPath(given.startsWith('/') ? given : path) || !cleanPath(path)) {
    throw unprocessable(`${field}: must be a page of this site (${origin})`);
  }
  return path;
}
