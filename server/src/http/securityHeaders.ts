// Browser security headers (@fastify/helmet): a Content-Security-Policy the SPA works under, no MIME sniffing,
// framing by this site only, a referrer policy, and HSTS when served over https.
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const GOOGLE_STYLE = 'https://accounts.google.com/gsi/style';
const GOOGLE_CONNECT = 'https://accounts.google.com/gsi/';
const HSTS = 'max-age=31536000; includeSubDomains';

/** CSP hashes of the inline scripts of the built index.html (the route-preload table): 'sha256-…' sources. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/** The origin of an absolute http(s) URL, and its ws(s) twin for the chat socket; nothing for a relative one. */
function originsOf(url: string | undefined, withSocket: boolean): string[] {
  if (!url || !/^https?:\/\//i.test(url) || !URL.canParse(url)) return [];
  const { origin } = new URL(url);
  return withSocket ? [origin, origin.replace(/^http/i, 'ws')] : [origin];
}

export function cspDirectives(config: Config, scriptHashes: string[]): Record<string, string[]> {
  const google = Boolean(config.GOOGLE_CLIENT_ID);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(google ? [GOOGLE_SCRIPT] : [])],
    // Material UI (emotion) inserts <style> elements at run time; see the README's decision on 'unsafe-inline'.
    'style-src': ["'self'", "'unsafe-inline'", ...(google ? [GOOGLE_STYLE] : [])],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...originsOf(config.PUBLIC_URL, true),
      ...originsOf(config.VITE_API_BASE_URL, true),
      ...originsOf(config.VITE_ANALYTICS_URL, false),
      ...(google ? [GOOGLE_CONNECT] : []),
    ],
    // The Agent's Computer panel frames a remote desktop on any http(s) host; Google's button is a frame too.
    'frame-src': ["'self'", 'http:', 'https:'],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  scriptHashes: string[],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, scriptHashes) },
    // Set below only for https: over plain http it means nothing, and a local http deployment must stay reachable.
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google's sign-in may open a pop-up that reports back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
  });
  const httpsSite = config.PUBLIC_URL?.startsWith('https://') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    if (httpsSite || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
