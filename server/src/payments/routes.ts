// /api/v1 routes of the payments domain.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
