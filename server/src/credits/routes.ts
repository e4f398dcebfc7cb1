// /api/v1 routes of the credits domain.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function creditsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
