// /api/v1 routes of the runtime domain: the chat socket and the HTTP chat.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerChatRoute } from './chat.ts';
import { registerRunSocket } from './socket.ts';

export async function runtimeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerRunSocket(app, ctx);
  registerChatRoute(app, ctx);
}
