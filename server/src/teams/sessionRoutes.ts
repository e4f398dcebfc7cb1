// /api/v1 routes of chat sessions, their messages and chat file uploads; every session is its owner's only.
import type { FastifyInstance } from 'fastify';
import { parse } from '../http/validate.ts';
import { z } from 'zod';
import { safeText } from '../../../contract/text.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/guard.ts';
import { deleteSession, listSessions, renameSession, sessionMessages } from './history.ts';
import { MAX_NAME } from '../../../contract/bodies.ts';
import { teamIdParams } from './schemas.ts';
import { notFound } from '../http/errors.ts';
import { getTeamRowForUser } from './service.ts';
import { getOwnedFiles, getOwnedSession } from './sessions.ts';
import { receiveUpload } from './uploads.ts';

const sessionParams = z.object({ id: safeText().min(1).max(100) });
const fileParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/** A download's file name: ASCII fallback plus the UTF-8 name (RFC 6266), never a header injection. */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** limit plus offset, with skip accepted as offset's other name (SPEC pages by both). */
const pageQuery = (defaultLimit: number) =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
      offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
      skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
    })
    .transform((q) => ({ limit: q.limit, offset: q.offset ?? q.skip ?? 0 }));

/** The newest `limit` messages after skipping the newest `skip` (alias `offset`), so a client can page back. */
const messagesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
    skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .transform((q) => ({ limit: q.limit, skip: q.skip ?? q.offset ?? 0 }));

/** The PATCH payload is not shown in SPEC: session_name is the field, name is accepted as its other spelling. */
const renameBody = z
  .object({
    session_name: safeText().trim().min(1).max(MAX_NAME).optional(),
    name: safeText().trim().min(1).max(MAX_NAME).optional(),
  })
  .refine((b) => b.session_name !== undefined || b.name !== undefined, {
    message: 'session_name is required',
    path: ['session_name'],
  });

/** "undefined", "null" and empty strings stand for no session, as the SPA's own query parameters do. */
const uploadQuery = z.object({
  session_id: z
    .string()
    .max(100)
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'undefined' || v === 'null' ? undefined : v)),
});

export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/teams/sessions', async (request) => {
    const user = await requireUser(ctx, request);
    const page = parse(pageQuery(20), request.query);
    return { data: await listSessions(ctx, user.id, page) };
  });

  app.get('/teams/sessions/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(sessionParams, request.params);
    return { data: await getOwnedSession(ctx, id, user.id) };
  });

  app.patch('/teams/sessions/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(sessionParams, request.params);
    const body = parse(renameBody, request.body);
    return { data: await renameSession(ctx, id, user.id, (body.session_name ?? body.name) as string) };
  });

  app.delete('/teams/sessions/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(sessionParams, request.params);
    await deleteSession(ctx, id, user.id);
    return { data: { deleted: true } };
  });

  app.get('/teams/sessions/:id/messages', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(sessionParams, request.params);
    const { limit, skip } = parse(messagesQuery, request.query);
    return { data: await sessionMessages(ctx, id, user.id, limit, skip) };
  });

  app.get('/teams/:id/sessions', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(teamIdParams, request.params);
    const page = parse(pageQuery(20), request.query);
    await getTeamRowForUser(ctx, id, user);
    return { data: await listSessions(ctx, user.id, { teamId: id, ...page }) };
  });

  // A chat file (an attachment, or one the team saved with save_file) for its owner only; others get 404.
  app.get('/files/:id', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(fileParams, request.params);
    const [file] = await getOwnedFiles(ctx, user.id, [id]);
    if (!file) throw notFound('File');
    const bytes = await ctx.storage.get(file.storageKey);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentHeader(file.originalFilename))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  app.post('/teams/:id/upload-files', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(teamIdParams, request.params);
    const { session_id } = parse(uploadQuery, request.query);
    const result = await receiveUpload(ctx, request, reply, id, user, session_id);
    return result ? { data: result } : reply;
  });
}
