// Answers index.html asked for as the page opened (scripts/routePreload.ts), while the app's code was still on its way:
// the app's first request for each URL takes that answer instead of asking again. What the opening page does not take
// at once is dropped, so no later request (a refetch after an edit) ever gets an answer older than itself.

interface EarlyResponse {
  /** The Authorization header it was asked with. */
  auth: string;
  /** The answer, or null when the request failed. */
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __earlyData?: Record<string, EarlyResponse | undefined>;
  }
}

/**
 * The early answer to `request` (once), or undefined: only a GET of the same URL, with the same Authorization, that
 * nobody has taken yet. A request that failed early is made again.
 */
export function takeEarlyResponse(request: Request): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__earlyData;
  const entry = early?.[request.url];
  if (!early || !entry || request.method !== 'GET') return undefined;
  delete early[request.url];
  if (entry.auth !== request.headers.get('Authorization')) return undefined;
  return entry.response.then((response) => response ?? fetch(request));
}

/** Drops the answers the opening page did not take. */
export function dropEarlyResponses(): void {
  if (typeof window !== 'undefined') delete window.__earlyData;
}
