// Stored MCP credentials per user: reading, sealing and the lookups other domains use before a run.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { mcpCredentials } from '../db/schema.ts';
import type { UserCredential } from '../../../contract/types.ts';
import { findServer, loadCatalog, type Catalog } from '../mcp/catalog.ts';
import { configuredFields, type CredentialValues } from './fields.ts';
import { sealerFor } from './sealing.ts';

export { MASK_PREFIX } from './fields.ts';

export type CredentialRow = typeof mcpCredentials.$inferSelect;

const aadOf = (userId: string, serverId: string) => `${userId}\n${serverId}`;

export function sealValues(ctx: AppContext, userId: string, serverId: string, values: CredentialValues): string {
  return sealerFor(ctx.config).seal(JSON.stringify(values), aadOf(userId, serverId));
}

/**
 * The stored values in clear, or null when they cannot be opened (the key was changed or lost): such a credential
 * counts as missing and the user enters it again, rather than every read failing.
 */
export function openValues(ctx: AppContext, row: CredentialRow): CredentialValues | null {
  try {
    return JSON.parse(sealerFor(ctx.config).open(row.secret, aadOf(row.userId, row.mcpServerId))) as CredentialValues;
  } catch {
    return null;
  }
}

export function toUserCredential(ctx: AppContext, catalog: Catalog, row: CredentialRow): UserCredential {
  const server = findServer(catalog, row.mcpServerId);
  return {
    id: row.id,
    mcp_server_id: row.mcpServerId,
    server_name: server?.name ?? row.mcpServerId,
    configured_fields: configuredFields(server, openValues(ctx, row) ?? {}),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listCredentialRows(ctx: AppContext, userId: string): Promise<CredentialRow[]> {
  return ctx.db
    .select()
    .from(mcpCredentials)
    .where(eq(mcpCredentials.userId, userId))
    .orderBy(asc(mcpCredentials.createdAt), asc(mcpCredentials.id));
}

async function activeValues(ctx: AppContext, userId: string, serverId: string): Promise<CredentialValues | null> {
  const [row] = await ctx.db
    .select()
    .from(mcpCredentials)
    .where(
      and(
        eq(mcpCredentials.userId, userId),
        eq(mcpCredentials.mcpServerId, serverId),
        eq(mcpCredentials.isActive, true),
      ),
    );
  return row ? openValues(ctx, row) : null;
}

/** True when the user has an active, readable credential for the server. */
export async function userHasCredentials(ctx: AppContext, userId: string, serverId: string): Promise<boolean> {
  return (await activeValues(ctx, userId, serverId)) !== null;
}

/** The user's active credential values in clear, for the runtime to hand to the MCP server; null when none. */
export async function getDecryptedCredentials(
  ctx: AppContext,
  userId: string,
  serverId: string,
): Promise<Record<string, string> | null> {
  return activeValues(ctx, userId, serverId);
}

/**
 * The ids among serverIds that require credentials the user has not (actively) stored, in the given order without
 * duplicates. Ids not in the catalogue are skipped: there is nothing the user could enter for them.
 */
export async function missingCredentialServers(
  ctx: AppContext,
  userId: string,
  serverIds: string[],
): Promise<string[]> {
  const catalog = loadCatalog(ctx.config);
  const needed = [...new Set(serverIds)].filter((id) => findServer(catalog, id)?.requires_credentials === true);
  if (!needed.length) return [];
  const rows = await ctx.db
    .select()
    .from(mcpCredentials)
    .where(
      and(
        eq(mcpCredentials.userId, userId),
        eq(mcpCredentials.isActive, true),
        inArray(mcpCredentials.mcpServerId, needed),
      ),
    );
  const have = new Set(rows.filter((row) => openValues(ctx, row) !== null).map((row) => row.mcpServerId));
  return needed.filter((id) => !have.has(id));
}
