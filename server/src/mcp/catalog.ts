// The MCP server and tool catalogue (server/config/catalog.json, or CATALOG_FILE), validated once and cached.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { headerFor, transportSchema } from './transportSchema.ts';
import type { McpServerCatalogueEntry, ServerRequirement, ToolCatalogueEntry } from '../../../contract/types.ts';

export const DEFAULT_CATALOG_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../config/catalog.json',
);

const credentialField = z.object({
  key: z.string().regex(/^[A-Za-z0-9_]{1,100}$/),
  name: z.string().min(1),
  type: z.string().min(1),
  placeholder: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean().default(true),
});

const mcpServer = z.object({
  name: z.string().min(1),
  description: z.string(),
  requires_credentials: z.boolean(),
  credential_fields: z.array(credentialField),
  tool_config_example: z.object({
    type: z.literal('mcp'),
    server_ids: z.array(z.string()).min(1),
    description: z.string().optional(),
  }),
  /** How the server is reached; absent when no real server is wired up (the description must say so). */
  transport: transportSchema.optional(),
  /** The server also starts and lists tools without the user's credentials (n8n-mcp's node knowledge does). */
  works_without_credentials: z.boolean().default(false),
});

/** Every credential a transport maps must be a field of the server, else a typo would silently send nothing. */
const checkedServer = mcpServer.superRefine((server, ctx) => {
  const keys = new Set(server.credential_fields.map((f) => f.key));
  const t = server.transport;
  const mapped = t ? Object.keys(t.type === 'stdio' ? t.credential_env : t.credential_headers) : [];
  for (const key of mapped.filter((k) => !keys.has(k))) {
    ctx.addIssue({ code: 'custom', path: ['transport', key], message: `maps ${key}, which is not a credential field` });
  }
  if (t?.type === 'http') {
    for (const [key, mapping] of Object.entries(t.credential_headers)) {
      const [name] = headerFor(mapping, 'x');
      if (!/^[A-Za-z0-9-]+$/.test(name))
        ctx.addIssue({ code: 'custom', path: ['transport', key], message: 'bad header name' });
    }
  }
});

const catalogSchema = z.object({
  mcp_servers: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/), checkedServer),
  tools: z.record(z.string().min(1), z.object({ description: z.string(), functions: z.array(z.string()) })),
});

export type CatalogServer = z.infer<typeof mcpServer>;

export interface Catalog {
  mcpServers: Record<string, CatalogServer>;
  tools: Record<string, ToolCatalogueEntry>;
}

const cache = new Map<string, Catalog>();

/** Reads and validates the catalogue; a broken file is a start-up error naming the file. */
export function loadCatalog(config: Pick<Config, 'CATALOG_FILE'>): Catalog {
  const file = path.resolve(config.CATALOG_FILE ?? DEFAULT_CATALOG_FILE);
  const cached = cache.get(file);
  if (cached) return cached;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Catalogue ${file} could not be read: ${(error as Error).message}`);
  }
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Catalogue ${file} is invalid:\n${lines}`);
  }
  const catalog: Catalog = { mcpServers: parsed.data.mcp_servers, tools: parsed.data.tools };
  cache.set(file, catalog);
  return catalog;
}

/** The catalogue entry of a server id; own keys only, so ids like "constructor" are simply unknown. */
export function findServer(catalog: Catalog, id: string): CatalogServer | undefined {
  return Object.hasOwn(catalog.mcpServers, id) ? catalog.mcpServers[id] : undefined;
}

export function serverRequirements(catalog: Catalog): ServerRequirement[] {
  return Object.entries(catalog.mcpServers).map(([id, s]) => ({
    id,
    name: s.name,
    description: s.description,
    requires_credentials: s.requires_credentials,
    credential_fields: s.credential_fields,
  }));
}

/**
 * The servers a tool entry can use here (those with a transport); `tools`: the names each offers without
 * credentials (from its tools/list), and whether still listing.
 */
export function availableMcpServers(
  catalog: Catalog,
  tools: Record<string, { tools: string[]; pending: boolean }> = {},
): Record<string, McpServerCatalogueEntry> {
  return Object.fromEntries(
    Object.entries(catalog.mcpServers)
      .filter(([, s]) => s.transport !== undefined)
      .map(([id, s]) => [
        id,
        {
          name: s.name,
          description: s.description,
          requires_credentials: s.requires_credentials,
          tool_config_example: s.tool_config_example,
          tools: tools[id]?.tools ?? [],
          ...(tools[id]?.pending ? { tools_pending: true } : {}),
        },
      ]),
  );
}
