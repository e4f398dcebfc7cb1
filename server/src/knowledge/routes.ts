// /api/v1 routes of the knowledge domain: knowledge bases, their documents, and attaching a base to a team member.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { knowledgeBases } from '../db/schema.ts';
import { requireUser } from '../auth/guard.ts';
import { parse } from '../http/validate.ts';
import { newId } from '../ids.ts';
import { createBaseBody, updateBaseBody } from '../../../contract/bodies.ts';
import { idParams, pageQuery } from './schemas.ts';
import {
  countDocuments,
  defaultCollection,
  deleteKnowledgeBase,
  getOwnedKnowledgeBase,
  listKnowledgeBases,
  toKnowledgeBase,
} from './service.ts';
import { documentRoutes } from './documentRoutes.ts';
import { teamMemberKnowledgeRoutes } from './teamMembers.ts';

export async function knowledgeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/knowledge/bases', async (request) => {
    const user = await requireUser(ctx, request);
    const { limit, skip } = parse(pageQuery, request.query);
    return { data: await listKnowledgeBases(ctx, user.id, limit, skip) };
  });

  app.post('/knowledge/bases', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = parse(createBaseBody, request.body);
    const now = ctx.now();
    const [row] = await ctx.db
      .insert(knowledgeBases)
      .values({
        id: newId(),
        ownerId: user.id,
        name: body.name,
        description: body.description ?? '',
        collection: body.vector_db?.collection || defaultCollection(body.name, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return reply.status(201).send({ data: toKnowledgeBase(row!, 0) });
  });

  app.get('/knowledge/bases/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    const row = await getOwnedKnowledgeBase(ctx, user.id, id);
    return { data: toKnowledgeBase(row, await countDocuments(ctx, id)) };
  });

  app.put('/knowledge/bases/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    const row = await getOwnedKnowledgeBase(ctx, user.id, id);
    const body = parse(updateBaseBody, request.body);
    const [updated] = await ctx.db
      .update(knowledgeBases)
      .set({
        name: body.name ?? row.name,
        description: body.description ?? row.description,
        collection: body.vector_db?.collection || row.collection,
        updatedAt: ctx.now(),
      })
      .where(eq(knowledgeBases.id, id))
      .returning();
    return { data: toKnowledgeBase(updated!, await countDocuments(ctx, id)) };
  });

  app.delete('/knowledge/bases/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    await getOwnedKnowledgeBase(ctx, user.id, id);
    await deleteKnowledgeBase(ctx, id);
    return { data: { id }, message: 'Knowledge base deleted' };
  });

  await documentRoutes(app, ctx);
  await teamMemberKnowledgeRoutes(app, ctx);
}
