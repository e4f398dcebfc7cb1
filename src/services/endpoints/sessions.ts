// Chat sessions and their stored messages (session lists fresh 60 s, retried once).
import type { ChatSession, SessionMessages, SessionPage } from '../../../contract/types';
import { readers } from '../../../contract/responses';
import type { Builder } from '../tags';

const SESSION_LIST_SECONDS = 60;
/** SPEC §9 page size of session messages. */
const MESSAGE_PAGE = 100;
const sessionUrl = (id: string) => `/teams/sessions/${encodeURIComponent(id)}`;
const itemTags = (result: SessionPage | undefined) =>
  (result?.sessions ?? []).map((s) => ({ type: 'Session' as const, id: s.session_id }));

export const sessionsEndpoints = (build: Builder) => ({
  getTeamSessions: build.query<SessionPage, { teamId: string; limit?: number; offset?: number }>({
    query: ({ teamId, limit = 20, offset = 0 }) =>
      `/teams/${encodeURIComponent(teamId)}/sessions?limit=${limit}&offset=${offset}`,
    transformResponse: readers.sessions,
    providesTags: (result, _e, { teamId }) => [{ type: 'SessionList', id: teamId }, ...itemTags(result)],
    keepUnusedDataFor: SESSION_LIST_SECONDS,
    extraOptions: { maxRetries: 1 },
  }),
  getSessions: build.query<SessionPage, { limit?: number } | void>({
    query: (p) => `/teams/sessions?limit=${p?.limit ?? 20}`,
    transformResponse: readers.sessions,
    providesTags: (result) => [{ type: 'SessionList', id: 'ALL' }, ...itemTags(result)],
    keepUnusedDataFor: SESSION_LIST_SECONDS,
    extraOptions: { maxRetries: 1 },
  }),
  getSession: build.query<ChatSession, string>({
    query: (id) => sessionUrl(id),
    transformResponse: readers.session,
    providesTags: (_r, _e, id) => [{ type: 'Session', id }],
  }),
  /** SPEC §7 shows neither the PATCH payload nor its answer: the edit is applied to the cache as sent. */
  renameSession: build.mutation<unknown, { id: string; session_name: string }>({
    query: ({ id, session_name }) => ({ url: sessionUrl(id), method: 'PATCH', body: { session_name } }),
    invalidatesTags: (_r, _e, { id }) => [{ type: 'Session', id }],
  }),
  deleteSession: build.mutation<unknown, string>({
    query: (id) => ({ url: sessionUrl(id), method: 'DELETE' }),
    invalidatesTags: (_r, _e, id) => [{ type: 'Session', id }],
  }),
  /**
   * A session's stored messages in pages of `limit` (100, SPEC §9) addressed by skip counted from the newest message:
   * the first page holds the newest messages and each next page the ones before it, fetched as the user scrolls up.
   * Each page lists its messages oldest first. A refetch walks the loaded pages again from
   * the newest, so messages stored meanwhile shift the pages without leaving a gap. Only a finished run refetches
   * them (the SessionMessages tag); a rename or delete leaves them alone.
   */
  getSessionMessages: build.infiniteQuery<SessionMessages, { sessionId: string; limit?: number }, number>({
    infiniteQueryOptions: {
      initialPageParam: 0,
      getNextPageParam: (last, pages, lastSkip, _skips, { limit = MESSAGE_PAGE }) => {
        const loaded = pages.reduce((n, page) => n + page.messages.length, 0);
        if (last.messages.length < limit || loaded >= last.total) return undefined;
        // A server that ignores skip answers the same page again: there is nothing earlier to ask it for.
        const first = last.messages[0]?.id;
        if (first !== undefined && pages.slice(0, -1).some((page) => page.messages[0]?.id === first)) return undefined;
        return lastSkip + limit;
      },
    },
    query: ({ queryArg: { sessionId, limit = MESSAGE_PAGE }, pageParam }) =>
      `${sessionUrl(sessionId)}/messages?limit=${limit}${pageParam > 0 ? `&skip=${pageParam}` : ''}`,
    transformResponse: readers.sessionMessages,
    providesTags: (_r, _e, { sessionId }) => [{ type: 'SessionMessages', id: sessionId }],
  }),
});
