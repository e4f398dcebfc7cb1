// The one RTK Query API of the app: every /api/v1 endpoint of SPEC §7, its tags and the caching rules of SPEC §9.
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';
import { authEndpoints } from './endpoints/auth';
import { creditsEndpoints } from './endpoints/credits';
import { paymentsEndpoints } from './endpoints/payments';
import { knowledgeEndpoints } from './endpoints/knowledge';
import { teamsEndpoints } from './endpoints/teams';
import { sessionsEndpoints } from './endpoints/sessions';
import { credentialsEndpoints } from './endpoints/credentials';
import { supportEndpoints } from './endpoints/support';
import { optimisticSessionEdits } from './sessionEdits';
import { TAG_TYPES } from './tags';

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  endpoints: (build) => ({
    ...authEndpoints(build),
    ...creditsEndpoints(build),
    ...paymentsEndpoints(build),
    ...credentialsEndpoints(build),
    ...knowledgeEndpoints(build),
    ...teamsEndpoints(build),
    ...sessionsEndpoints(build),
    ...supportEndpoints(build),
  }),
});

/** A session rename or delete shows at once and is undone if the server refuses (sessionEdits.ts). */
export const api = baseApi.enhanceEndpoints({ endpoints: optimisticSessionEdits(baseApi.util) });

export const {
  useGetBalanceQuery,
  useGetCreditStatusQuery,
  useGetTransactionsInfiniteQuery,
  useGetPackagesQuery,
  useGetPlansQuery,
  useGetSubscriptionStatusQuery,

  useCreateCheckoutSessionMutation,
  useCreateSubscriptionSessionMutation,
  useCancelSubscriptionMutation,
  useGetCredentialsQuery,
  useGetCredentialServersQuery,
  useCreateCredentialMutation,
  useUpdateCredentialMutation,
  useDeleteCredentialMutation,
  useGetAvailableToolsQuery,
  useGetAvailableMcpServersQuery,
  useGetKnowledgeBasesQuery,

  useCreateKnowledgeBaseMutation,

  useUploadDocumentMutation,

  useGetTeamQuery,
  useUpdateTeamMutation,
  useDeleteTeamMutation,
  useCloneTeamMutation,
  useAttachMemberKnowledgeMutation,

  useUploadTeamFileMutation,
  useGetTeamSessionsQuery,

  useRenameSessionMutation,
  useDeleteSessionMutation,
  useGetSessionMessagesInfiniteQuery,
  useSendSupportReportMutation,
  useGetSupportReportsQuery,
  useLazyGetSupportReportQuery,
} = api;
