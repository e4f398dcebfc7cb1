// Where to go after sign-in: the `return` query parameter only when it is a path of this site, plus `message` as initialMessage.
import { TEAM_ID } from '../../config/env';

const ORIGIN = 'https://this-site.invalid';

const hasControl = (text: string): boolean =>
  [...text].some((c) => {
    const code = c.charCodeAt(0);
    return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
  });

/** "." and ".." segments: "/..//evil.test" normalises to the protocol-relative "//evil.test". */
const hasDotSegment = (path: string): boolean =>
  (path.split(/[?#]/)[0] ?? '').split('/').some((segment) => segment === '.' || segment === '..');

function looksSafe(path: string): boolean {
  return (
    path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !hasControl(path) && !hasDotSegment(path)
  );
}

/** The path when `value` is a same-site path such as "/profile?tab=1", else null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !looksSafe(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  // "/%2F%2Fevil.example" or "/%5Cevil.example" become dangerous once some router decodes them.
  if (!looksSafe(decoded)) return null;
  try {
    const url = new URL(value, ORIGIN);
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === ORIGIN && looksSafe(normalised) ? normalised : null;
  } catch {
    return null;
  }
}

export const DEFAULT_AFTER_LOGIN = `/teams/${TEAM_ID}/chat`;

/** The page to open after sign-in for the login page's query string. */
export function afterLoginTarget(search: string): string {
  const params = new URLSearchParams(search);
  const target = safeReturnPath(params.get('return')) ?? DEFAULT_AFTER_LOGIN;
  const message = params.get('message');
  if (!message) return target;
  const url = new URL(target, ORIGIN);
  url.searchParams.set('initialMessage', message);
  return `${url.pathname}${url.search}${url.hash}`;
}
