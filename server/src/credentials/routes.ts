// /api/v1 routes of the credentials domain.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function credentialsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
