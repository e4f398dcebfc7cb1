// Chat sessions and their stored messages (session lists fresh 60 s, retried once).
import type { ChatSession, SessionMessages, SessionPage } from '../contract';
import { unwrap, type Builder } from '../tags';

const SESSION_LIST_SECONDS = 60;
const sessionUrl = (id: string) => `/teams/sessions/${encodeURIComponent(id)}`;
const itemTags = (result: SessionPage | undefined) =>
  (result?.sessions ?? []).map((s) => ({ type: 'Session' as const, id: s.session_id }));

export const sessionsEndpoints = (build: Builder) => ({
  getTeamSessions: build.query<SessionPage, { teamId: string; limit?: number; offset?: number }>({
    query: ({ teamId, limit = 20, offset = 0 }) =>
      `/teams/${encodeURIComponent(teamId)}/sessions?limit=${limit}&offset=${offset}`,
    transformResponse: unwrap<SessionPage>,
    providesTags: (result, _e, { teamId }) => [{ type: 'SessionList', id: teamId }, ...itemTags(result)],
    keepUnusedDataFor: SESSION_LIST_SECONDS,
    extraOptions: { maxRetries: 1 },
  }),
  getSessions: build.query<SessionPage, { limit?: number } | void>({
    query: (p) => `/teams/sessions?limit=${p?.limit ?? 20}`,
    transformResponse: unwrap<SessionPage>,
    providesTags: (result) => [{ type: 'SessionList', id: 'ALL' }, ...itemTags(result)],
    keepUnusedDataFor: SESSION_LIST_SECONDS,
    extraOptions: { maxRetries: 1 },
  }),
  getSession: build.query<ChatSession, string>({
    query: (id) => sessionUrl(id),
    transformResponse: unwrap<ChatSession>,
    providesTags: (_r, _e, id) => [{ type: 'Session', id }],
  }),
  renameSession: build.mutation<ChatSession, { id: string; session_name: string }>({
    query: ({ id, session_name }) => ({ url: sessionUrl(id), method: 'PATCH', body: { session_name } }),
    transformResponse: unwrap<ChatSession>,
    invalidatesTags: (_r, _e, { id }) => [{ type: 'Session', id }],
  }),
  deleteSession: build.mutation<unknown, string>({
    query: (id) => ({ url: sessionUrl(id), method: 'DELETE' }),
    invalidatesTags: (_r, _e, id) => [{ type: 'Session', id }],
  }),
  getSessionMessages: build.query<SessionMessages, { sessionId: string; limit?: number }>({
    query: ({ sessionId, limit = 100 }) => `${sessionUrl(sessionId)}/messages?limit=${limit}`,
    transformResponse: unwrap<SessionMessages>,
    providesTags: (_r, _e, { sessionId }) => [{ type: 'Session', id: sessionId }],
  }),
});
