// Teams: list, lookup (retried once), edit, clone, delete, member knowledge, chat post and file upload.
import { createAction } from '@reduxjs/toolkit';
import { API_BASE_URL } from '../../config/env';
import type {
  Team,
  TeamChatPayload,
  TeamChatReply,
  TeamPage,
  TeamUpdatePayload,
  UploadFilesResponse,
} from '../../../contract/types';
import { uploadFile } from '../uploadFile';
import { readers } from '../../../contract/responses';
import type { Builder } from '../tags';

/** Per-file upload progress, 0–100 (-1 marks a failure); high-frequency, so DevTools hides it. */
export const teamFileUploadProgressed = createAction<{ uploadId: string; percent: number }>('uploads/progressed');

const teamUrl = (id: string) => `/teams/${encodeURIComponent(id)}`;

export interface UploadTeamFileArgs {
  teamId: string;
  file: File;
  sessionId?: string | null;
  /** Names the file in progress actions. */
  uploadId: string;
}

export const teamsEndpoints = (build: Builder) => ({
  getTeams: build.query<TeamPage, { limit?: number; skip?: number; include_public?: boolean } | void>({
    query: (p) => `/teams?limit=${p?.limit ?? 10}&skip=${p?.skip ?? 0}&include_public=${p?.include_public ?? true}`,
    transformResponse: readers.teams,
    providesTags: (result) => ['TeamList', ...(result?.teams ?? []).map((t) => ({ type: 'Team' as const, id: t.id }))],
  }),
  getTeam: build.query<Team, string>({
    query: (id) => teamUrl(id),
    transformResponse: readers.team,
    providesTags: (_r, _e, id) => [{ type: 'Team', id }],
    extraOptions: { maxRetries: 1 },
  }),
  updateTeam: build.mutation<Team, { id: string } & TeamUpdatePayload>({
    query: ({ id, ...body }) => ({ url: teamUrl(id), method: 'PUT', body }),
    transformResponse: readers.team,
    invalidatesTags: (_r, _e, { id }) => [{ type: 'Team', id }, 'TeamList'],
  }),
  deleteTeam: build.mutation<unknown, string>({
    query: (id) => ({ url: teamUrl(id), method: 'DELETE' }),
    invalidatesTags: (_r, _e, id) => [{ type: 'Team', id }, 'TeamList'],
  }),
  cloneTeam: build.mutation<Team, string>({
    query: (id) => ({ url: `${teamUrl(id)}/clone`, method: 'POST' }),
    transformResponse: readers.team,
    invalidatesTags: ['TeamList'],
  }),
  /** SPEC §7 shows no response body: the team is refetched through its tag. */
  attachMemberKnowledge: build.mutation<unknown, { teamId: string; memberIndex: number; kbId: string }>({
    query: ({ teamId, memberIndex, kbId }) => ({
      url: `${teamUrl(teamId)}/members/${memberIndex}/knowledge-bases/${encodeURIComponent(kbId)}`,
      method: 'POST',
    }),
    invalidatesTags: (_r, _e, { teamId }) => [{ type: 'Team', id: teamId }],
  }),
  sendTeamChat: build.mutation<TeamChatReply, { teamId: string } & TeamChatPayload>({
    query: ({ teamId, ...body }) => ({ url: `${teamUrl(teamId)}/chat`, method: 'POST', body }),
    transformResponse: readers.chatReply,
    invalidatesTags: (result, _e, { teamId }) => [
      { type: 'SessionList', id: teamId },
      ...(result
        ? [
            { type: 'Session' as const, id: result.session_id },
            { type: 'SessionMessages' as const, id: result.session_id },
          ]
        : []),
      'Credits',
      { type: 'Transactions', id: 'LIST' },
    ],
  }),
  /** One file per call over XMLHttpRequest (see uploadFile.ts) so progress can be shown per file. */
  uploadTeamFile: build.mutation<UploadFilesResponse, UploadTeamFileArgs>({
    queryFn: async ({ teamId, file, sessionId, uploadId }, { dispatch, signal }) => {
      const query = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : '';
      const report = (percent: number) => dispatch(teamFileUploadProgressed({ uploadId, percent }));
      try {
        const { status, body } = await uploadFile<unknown>({
          url: `${API_BASE_URL}${teamUrl(teamId)}/upload-files${query}`,
          field: 'files',
          file,
          onProgress: report,
          signal,
        });
        if (status >= 200 && status < 300 && body) return { data: readers.upload(body) };
        report(-1);
        return { error: { status, data: body } };
      } catch (error) {
        report(-1);
        return { error: { status: 'FETCH_ERROR', error: String(error) } };
      }
    },
    invalidatesTags: (_r, _e, { teamId }) => [{ type: 'SessionList', id: teamId }],
  }),
});
