// What the agent's browser may load: http(s) only, public addresses only (the MCP guard), except this server's own
// pages for the run, unless the operator allows private hosts.
import { classifyUrl, PRIVATE_ADDRESS_MESSAGE } from '../mcp/addressGuard.ts';

export interface RequestRules {
  /** This server's origin as the browser reaches it, and the paths under it the run may load. */
  selfOrigin: string | null;
  selfPaths: string[];
  allowPrivate: boolean;
}

/** DNS answers per host, kept for one browser context. */
export type Verdicts = Map<string, ReturnType<typeof classifyUrl>>;

/** Why a request is refused, or null when it may go. `verdicts` caches the DNS answer per host for one context. */
export async function refusalOf(raw: string, rules: RequestRules, verdicts: Verdicts): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'the address is not a valid URL';
  }
  // Inline resources of a page that was itself allowed.
  if (url.protocol === 'data:' || url.protocol === 'blob:') return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the browser opens http(s) addresses only';
  if (url.origin === rules.selfOrigin && rules.selfPaths.some((p) => url.pathname.startsWith(p))) return null;
  if (rules.allowPrivate) return null;
  let verdict = verdicts.get(url.host);
  if (!verdict) {
    verdict = classifyUrl(url.href);
    verdicts.set(url.host, verdict);
  }
  const found = await verdict;
  if (found === 'public') return null;
  return found === 'private' ? PRIVATE_ADDRESS_MESSAGE : 'the host name could not be resolved';
}

/** Any text (a title the browser made from an address) with link tokens taken out. */
export function hideTokens(text: string): string {
  return text.replace(/([?&])token=[^&\s#]*&?/gi, (_m, sep: string) => sep).replace(/[?&]$/, '');
}

/** An address as people see it: the viewing and workflow links' tokens are never shown. */
export function shownUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (!url.searchParams.has('token')) return raw;
    url.searchParams.delete('token');
    return url.href;
  } catch {
    return hideTokens(raw);
  }
}
