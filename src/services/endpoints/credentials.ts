// Stored MCP credentials, the servers that need them, and the tool and MCP catalogues (cached 10 minutes).
import type {
  CreateCredentialPayload,
  McpServerCatalogueEntry,
  ServerRequirement,
  ToolCatalogueEntry,
  UpdateCredentialPayload,
  UserCredential,
} from '../../../contract/types';
import { readers } from '../../../contract/responses';
import type { Builder } from '../tags';

const CATALOGUE_SECONDS = 600;

export const credentialsEndpoints = (build: Builder) => ({
  getCredentials: build.query<UserCredential[], void>({
    query: () => '/credentials/mcp',
    transformResponse: readers.credentials,
    providesTags: (result = []) => [
      { type: 'Credential', id: 'LIST' },
      ...result.map((c) => ({ type: 'Credential' as const, id: c.id })),
    ],
  }),
  getCredentialServers: build.query<ServerRequirement[], void>({
    query: () => '/credentials/mcp/servers',
    transformResponse: readers.credentialServers,
    keepUnusedDataFor: CATALOGUE_SECONDS,
  }),
  /** SPEC §7 shows no answer for create and update: the list is refetched through its tag. */
  createCredential: build.mutation<unknown, CreateCredentialPayload>({
    query: (body) => ({ url: '/credentials/mcp', method: 'POST', body }),
    invalidatesTags: [{ type: 'Credential', id: 'LIST' }],
  }),
  updateCredential: build.mutation<unknown, { id: string } & UpdateCredentialPayload>({
    query: ({ id, ...body }) => ({ url: `/credentials/mcp/${encodeURIComponent(id)}`, method: 'PUT', body }),
    invalidatesTags: (_r, _e, { id }) => [
      { type: 'Credential', id },
      { type: 'Credential', id: 'LIST' },
    ],
  }),
  deleteCredential: build.mutation<unknown, string>({
    query: (id) => ({ url: `/credentials/mcp/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidatesTags: (_r, _e, id) => [{ type: 'Credential', id }],
  }),
  getAvailableTools: build.query<Record<string, ToolCatalogueEntry>, void>({
    query: () => '/agents/tools/available',
    transformResponse: readers.availableTools,
    keepUnusedDataFor: CATALOGUE_SECONDS,
  }),
  getAvailableMcpServers: build.query<Record<string, McpServerCatalogueEntry>, void>({
    query: () => '/agents/mcp/servers/available',
    transformResponse: readers.availableMcpServers,
    keepUnusedDataFor: CATALOGUE_SECONDS,
  }),
});
