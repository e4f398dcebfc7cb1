// Stored MCP credentials, the servers that need them, and the tool and MCP catalogues (cached 10 minutes).
import type {
  CreateCredentialPayload,
  Envelope,
  McpServerCatalogueEntry,
  ServerRequirement,
  ToolCatalogueEntry,
  UpdateCredentialPayload,
  UserCredential,
} from '../../../contract/types';
import { unwrap, type Builder } from '../tags';

const CATALOGUE_SECONDS = 600;

export const credentialsEndpoints = (build: Builder) => ({
  getCredentials: build.query<UserCredential[], void>({
    query: () => '/credentials/mcp',
    transformResponse: (r: Envelope<{ credentials: UserCredential[] }>) => r.data.credentials,
    providesTags: (result = []) => [
      { type: 'Credential', id: 'LIST' },
      ...result.map((c) => ({ type: 'Credential' as const, id: c.id })),
    ],
  }),
  getCredentialServers: build.query<ServerRequirement[], void>({
    query: () => '/credentials/mcp/servers',
    transformResponse: (r: Envelope<{ servers: ServerRequirement[] }>) => r.data.servers,
    keepUnusedDataFor: CATALOGUE_SECONDS,
  }),
  createCredential: build.mutation<UserCredential, CreateCredentialPayload>({
    query: (body) => ({ url: '/credentials/mcp', method: 'POST', body }),
    transformResponse: unwrap<UserCredential>,
    invalidatesTags: [{ type: 'Credential', id: 'LIST' }],
  }),
  updateCredential: build.mutation<UserCredential, { id: string } & UpdateCredentialPayload>({
    query: ({ id, ...body }) => ({ url: `/credentials/mcp/${encodeURIComponent(id)}`, method: 'PUT', body }),
    transformResponse: unwrap<UserCredential>,
    invalidatesTags: (_r, _e, { id }) => [{ type: 'Credential', id }],
  }),
  deleteCredential: build.mutation<unknown, string>({
    query: (id) => ({ url: `/credentials/mcp/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidatesTags: (_r, _e, id) => [{ type: 'Credential', id }],
  }),
  getAvailableTools: build.query<Record<string, ToolCatalogueEntry>, void>({
    query: () => '/agents/tools/available',
    transformResponse: (r: Envelope<{ available_tools: Record<string, ToolCatalogueEntry> }>) => r.data.available_tools,
    keepUnusedDataFor: CATALOGUE_SECONDS,
  }),
  getAvailableMcpServers: build.query<Record<string, McpServerCatalogueEntry>, void>({
    query: () => '/agents/mcp/servers/available',
    transformResponse: (r: Envelope<{ available_mcp_servers: Record<string, McpServerCatalogueEntry> }>) =>
      r.data.available_mcp_servers,
    keepUnusedDataFor: CATALOGUE_SECONDS,
  }),
});
