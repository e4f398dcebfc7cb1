// Per-address request limits of the routes that mint accounts, tokens or credits (@fastify/rate-limit, in memory).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const WINDOW_MS = 60_000;

/** Registered once on the root instance; only routes that carry a `rateLimit` config are limited. */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many requests from this address; please try again in ${context.after}`),
  });
}

/** Route options: at most `perMinute` requests a minute from one address (Retry-After says when to come back). */
export const limitPerMinute = (perMinute: number) => ({
  config: { rateLimit: { max: perMinute, timeWindow: WINDOW_MS } },
});
