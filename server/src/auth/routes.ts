// /api/v1 routes of the auth domain.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
