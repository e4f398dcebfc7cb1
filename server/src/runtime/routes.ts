// /api/v1 routes of the runtime domain.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function runtimeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
