// Where the team-chat socket lives: `${wsBase}/teams/{id}/ws?token=…&session_id=…`, wsBase derived from the API base.

export interface PageLocation {
  protocol: string;
  host: string;
}

/** ws(s):// base for an API base that is absolute (http(s)://…) or same-origin (/api/v1). */
export function wsBaseFrom(apiBaseUrl: string, location: PageLocation): string {
  const base = apiBaseUrl.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(base)) return base.replace(/^http/i, 'ws');
  if (/^wss?:\/\//i.test(base)) return base;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = base.startsWith('/') ? base : `/${base}`;
  return `${scheme}//${location.host}${path}`;
}

export function teamSocketUrl(wsBase: string, teamId: string, token: string | null, sessionId: string | null): string {
  const query = new URLSearchParams();
  if (token) query.set('token', token);
  if (sessionId) query.set('session_id', sessionId);
  const search = query.toString();
  return `${wsBase}/teams/${encodeURIComponent(teamId)}/ws${search ? `?${search}` : ''}`;
}
