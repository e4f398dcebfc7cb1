// This site's origin and the redirect targets a checkout may use (same origin only: no open redirects).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { unprocessable } from '../http/errors.ts';

export function siteOrigin(ctx: AppContext, request: FastifyRequest): string {
  // Through URL so a default port (":80", ":443") is dropped, as it is in every URL compared against it.
  return new URL(ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).origin;
}

/** The given URL when it is http(s) on this site's origin; the default path when absent; else 422. */
export function redirectUrl(origin: string, given: string | undefined, defaultPath: string, field: string): string {
  if (given === undefined) return `${origin}${defaultPath}`;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw unprocessable(`${field}: must be an absolute URL`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
    throw unprocessable(`${field}: must be a page of this site (${origin})`);
  }
  return url.toString();
}
