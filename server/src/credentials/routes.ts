// /api/v1 routes of the credentials domain: the catalogues and the user's MCP credentials.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createCredentialBody, updateCredentialBody } from '../../../contract/bodies.ts';
import { safeText } from '../../../contract/text.ts';
import type { AppContext } from '../context.ts';
import { mcpCredentials } from '../db/schema.ts';
import { requireUser } from '../auth/guard.ts';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { newId } from '../ids.ts';
import {
  availableMcpServers,
  findServer,
  loadCatalog,
  serverRequirements,
  type CatalogServer,
} from '../mcp/catalog.ts';
import { validateCredentialValues, type CredentialValues } from './fields.ts';
import { PRIVATE_ADDRESS_MESSAGE, privateUrlFields } from '../mcp/addressGuard.ts';
import { PublicToolLists } from '../mcp/publicTools.ts';
import { toolAvailability, unavailableMcpServers } from '../mcp/toolAvailability.ts';
import { sealerFor } from './sealing.ts';
import { listCredentialRows, openValues, sealValues, toUserCredential, type CredentialRow } from './service.ts';

const idParams = z.object({ id: safeText().min(1).max(200) });

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export async function credentialsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Both fail at start-up, with a clear message, when the catalogue or the key is wrong.
  const catalog = loadCatalog(ctx.config);
  sealerFor(ctx.config);
  // Listed from start-up, so the Add Tools dialog never waits for a tool server to start.
  const publicTools = new PublicToolLists(ctx.mcp, catalog);
  if (ctx.config.MCP_WARM_TOOL_LISTS) publicTools.warm();

  const ownRow = async (userId: string, id: string): Promise<CredentialRow> => {
    const [row] = await ctx.db.select().from(mcpCredentials).where(eq(mcpCredentials.id, id));
    if (!row) throw notFound('Credential');
    if (row.userId !== userId) throw forbidden();
    return row;
  };

  const assertPublicUrls = async (server: CatalogServer, values: CredentialValues) => {
    const blocked = await privateUrlFields(server.credential_fields, values, ctx.config.ALLOW_PRIVATE_TOOL_HOSTS);
    if (blocked.length) throw unprocessable(`credentials.${blocked[0]}: ${PRIVATE_ADDRESS_MESSAGE}`);
  };

  app.get('/credentials/mcp/servers', async (request) => {
    await requireUser(ctx, request);
    return { data: { servers: serverRequirements(catalog) } };
  });

  app.get('/agents/tools/available', async (request) => {
    await requireUser(ctx, request);
    const deployment = { email: Boolean(ctx.config.SMTP_URL), n8nDocs: ctx.mcp.isConnectable('n8n') };
    const { available, unavailable } = toolAvailability(catalog, deployment);
    return { data: { available_tools: available, unavailable_tools: unavailable } };
  });

  app.get('/agents/mcp/servers/available', async (request) => {
    await requireUser(ctx, request);
    const tools = await publicTools.snapshot();
    return {
      data: {
        available_mcp_servers: availableMcpServers(catalog, tools),
        unavailable_mcp_servers: unavailableMcpServers(catalog),
      },
    };
  });

  app.get('/credentials/mcp', async (request) => {
    const user = await requireUser(ctx, request);
    const rows = await listCredentialRows(ctx, user.id);
    return { data: { credentials: rows.map((row) => toUserCredential(ctx, catalog, row)) } };
  });

  app.post('/credentials/mcp', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = parse(createCredentialBody, request.body);
    const server = findServer(catalog, body.mcp_server_id);
    if (!server) throw unprocessable(`Unknown MCP server: ${body.mcp_server_id}`);
    const values = validateCredentialValues(server, body.credentials);
    await assertPublicUrls(server, values);
    const now = ctx.now();
    try {
      const [row] = await ctx.db
        .insert(mcpCredentials)
        .values({
          id: newId(),
          userId: user.id,
          mcpServerId: body.mcp_server_id,
          secret: sealValues(ctx, user.id, body.mcp_server_id, values),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return reply.status(201).send({ data: toUserCredential(ctx, catalog, row!) });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(`You already have credentials for ${server.name}; update them instead`);
      }
      throw error;
    }
  });

  app.put('/credentials/mcp/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    const body = parse(updateCredentialBody, request.body);
    const row = await ownRow(user.id, id);
    const server = findServer(catalog, row.mcpServerId);
    if (!server) throw unprocessable(`MCP server ${row.mcpServerId} is no longer available`);
    const values = validateCredentialValues(server, body.credentials, openValues(ctx, row) ?? {});
    await assertPublicUrls(server, values);
    const [updated] = await ctx.db
      .update(mcpCredentials)
      .set({
        secret: sealValues(ctx, user.id, row.mcpServerId, values),
        isActive: body.is_active ?? row.isActive,
        updatedAt: ctx.now(),
      })
      .where(eq(mcpCredentials.id, id))
      .returning();
    return { data: toUserCredential(ctx, catalog, updated!) };
  });

  app.delete('/credentials/mcp/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    await ownRow(user.id, id);
    await ctx.db.delete(mcpCredentials).where(eq(mcpCredentials.id, id));
    return { data: { id }, message: 'Credential deleted' };
  });
}
