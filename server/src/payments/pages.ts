// Pages served outside /api/v1 by the payments domain (the local checkout page).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function paymentPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
