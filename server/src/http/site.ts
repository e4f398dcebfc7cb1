// This site's origin and host: PUBLIC_URL when set; else the request's (its Host header, or X-Forwarded-* only
// from the proxies TRUST_PROXY names).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

export function siteOrigin(ctx: AppContext, request: FastifyRequest): string {
  // Through URL so a default port (":80", ":443") is dropped, as it is in every URL compared against it.
  return new URL(ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).origin;
}

export function siteHost(ctx: AppContext, request: FastifyRequest): string {
  return new URL(siteOrigin(ctx, request)).host.toLowerCase();
}
