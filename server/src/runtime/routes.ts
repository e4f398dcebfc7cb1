// /api/v1 routes of the runtime domain: the chat socket and the HTTP chat.
import type { FastifyInstance } from 'fastify';
import { registerChatRoute } from './chat.ts';
import type { RuntimeContext } from './context.ts';
import { RunSlots } from './slots.ts';
import { registerRunSocket } from './socket.ts';

/** Runs doing their work at once on one server; more wait for a slot after their start frame. */
const ACTIVE_RUNS_PER_SERVER = 8;

export async function runtimeRoutes(app: FastifyInstance, ctx: RuntimeContext): Promise<void> {
  const slots = new RunSlots(ACTIVE_RUNS_PER_SERVER);
  registerRunSocket(app, ctx, slots);
  registerChatRoute(app, ctx, slots);
}
