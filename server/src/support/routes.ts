// /api/v1 routes of support reports: a user sends a redacted snapshot of their app ("Report a problem"); the owner
// and admins read it. The server redacts it again before storing, so a client that forgot still leaks nothing.
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_SNAPSHOT_BYTES, supportReportBody } from '../../../contract/bodies.ts';
import { redactSecrets } from '../../../contract/redact.ts';
import { safeText } from '../../../contract/text.ts';
import { requireUser } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { supportReports, users } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { newId } from '../ids.ts';

const idParams = z.object({ id: safeText().min(1).max(100) });
const LIST_LIMIT = 100;

export async function supportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/support/reports', { bodyLimit: MAX_SNAPSHOT_BYTES + 64 * 1024 }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = parse(supportReportBody, request.body);
    const snapshot = redactSecrets(body.snapshot);
    const id = newId();
    const size = JSON.stringify(snapshot).length;
    await ctx.db.insert(supportReports).values({
      id,
      userId: user.id,
      route: body.snapshot.route,
      note: body.note,
      size,
      snapshot,
      createdAt: ctx.now(),
    });
    reply.code(201);
    return { data: { id, created_at: ctx.now().toISOString() } };
  });

  /** Admins see every report, others their own; newest first, without the snapshots themselves. */
  app.get('/support/reports', async (request) => {
    const user = await requireUser(ctx, request);
    const rows = await ctx.db
      .select({
        id: supportReports.id,
        userId: supportReports.userId,
        email: users.email,
        route: supportReports.route,
        note: supportReports.note,
        size: supportReports.size,
        createdAt: supportReports.createdAt,
      })
      .from(supportReports)
      .innerJoin(users, eq(users.id, supportReports.userId))
      .where(user.isAdmin ? undefined : eq(supportReports.userId, user.id))
      .orderBy(desc(supportReports.createdAt))
      .limit(LIST_LIMIT);
    return {
      data: {
        reports: rows.map((r) => ({
          id: r.id,
          user_id: r.userId,
          user_email: r.email,
          route: r.route,
          note: r.note,
          size: r.size,
          created_at: r.createdAt.toISOString(),
        })),
      },
    };
  });

  app.get('/support/reports/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    const [row] = await ctx.db.select().from(supportReports).where(eq(supportReports.id, id));
    if (!row) throw notFound('Report');
    if (row.userId !== user.id && !user.isAdmin) throw forbidden();
    return { data: { id: row.id, note: row.note, created_at: row.createdAt.toISOString(), snapshot: row.snapshot } };
  });
}
