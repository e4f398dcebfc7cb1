// /api/v1 routes of the teams domain: teams here, sessions and uploads in sessionRoutes.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { parse } from '../http/validate.ts';
import { requireUser } from '../auth/guard.ts';
import { cloneTeam, deleteTeam, updateTeam } from './edit.ts';
import { teamUpdateSchema } from '../../../contract/bodies.ts';
import { teamIdParams, teamListQuery } from './schemas.ts';
import { getTeamForUser, listTeams } from './service.ts';
import { sessionRoutes } from './sessionRoutes.ts';

export async function teamsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/teams', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(teamListQuery, request.query);
    return {
      data: await listTeams(ctx, user.id, {
        limit: query.limit,
        skip: query.skip,
        includePublic: query.include_public,
      }),
    };
  });

  // Registered before /teams/:id so that /teams/sessions… is never read as a team id.
  await sessionRoutes(app, ctx);

  app.get('/teams/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(teamIdParams, request.params);
    return { data: await getTeamForUser(ctx, id, user) };
  });

  app.put('/teams/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(teamIdParams, request.params);
    const body = parse(teamUpdateSchema, request.body);
    return { data: await updateTeam(ctx, id, user, body) };
  });

  app.delete('/teams/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(teamIdParams, request.params);
    await deleteTeam(ctx, id, user);
    return { data: { deleted: true } };
  });

  app.post('/teams/:id/clone', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(teamIdParams, request.params);
    const team = await cloneTeam(ctx, id, user);
    return reply.status(201).send({ data: team });
  });
}
