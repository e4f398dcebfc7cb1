// Stored MCP credentials, the servers that need them, and the tool and MCP catalogues (cached 10 minutes).
import type {
  CreateCredentialPayload,
  McpServerCatalogueEntry,
  ServerRequirement,
  ToolCatalogueEntry,
  UnavailableCatalogueEntry,
  UpdateCredentialPayload,
  UserCredential,
} from '../../../contract/types';
import { readers } from '../../../contract/responses';
import type { Builder } from '../tags';

const CATALOGUE_SECONDS = 600;

/** A catalogue as this deployment offers it: what works here, and what does not with the reason. */
export interface Catalogue<T> {
  available: Record<string, T>;
  unavailable: Record<string, UnavailableCatalogueEntry>;
}

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
  getAvailableTools: build.query<Catalogue<ToolCatalogueEntry>, void>({
    query: () => '/agents/tools/available',
    transformResponse: (raw: unknown) => ({
      available: readers.availableTools(raw),
      unavailable: readers.unavailableTools(raw),
    }),
    keepUnusedDataFor: CATALOGUE_SECONDS,
  }),
  getAvailableMcpServers: build.query<Catalogue<McpServerCatalogueEntry>, void>({
    query: () => '/agents/mcp/servers/available',
    transformResponse: (raw: unknown) => ({
      available: readers.availableMcpServers(raw),
      unavailable: readers.unavailableMcpServers(raw),
    }),
    keepUnusedDataFor: CATALOGUE_SECONDS,
  }),
});
