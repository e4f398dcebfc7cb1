// /api/v1 routes of the knowledge domain.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function knowledgeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
