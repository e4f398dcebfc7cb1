// Pages served outside /api/v1 by the runtime (the agent's computer live view).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function runtimePages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
