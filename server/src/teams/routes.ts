// /api/v1 routes of the teams domain.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function teamsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
