// The Fastify application: /api/v1 routes, the WebSocket, the SPA and JSON 404s.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { AppContext } from './context.ts';
import { installErrorHandlers } from './http/errors.ts';
import { MAX_JSON_BYTES, MAX_UPLOAD_BYTES, MAX_WS_PAYLOAD_BYTES } from './http/limits.ts';
import { registerSpa } from './http/spa.ts';
import { registerRateLimits } from './http/rateLimit.ts';
import { inlineScriptHashes, registerSecurityHeaders } from './http/securityHeaders.ts';
import { authRoutes } from './auth/routes.ts';
import { creditsRoutes } from './credits/routes.ts';
import { paymentsRoutes } from './payments/routes.ts';
import { credentialsRoutes } from './credentials/routes.ts';
import { knowledgeRoutes } from './knowledge/routes.ts';
import { teamsRoutes } from './teams/routes.ts';
import { runtimeRoutes } from './runtime/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { paymentPages } from './payments/pages.ts';
import { runtimePages } from './runtime/pages.ts';
import { runtimeContext, subscriptionsOf } from './wiring.ts';

export interface AppOptions {
  /** Built SPA folder (index.html + assets); omitted in API-only tests. */
  staticDir?: string;
}

/** Never let a token in a query string reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|signature)=)[^&]*/gi, '$1[redacted]');
}

export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: MAX_JSON_BYTES,
    // X-Forwarded-* headers are believed only from the proxies the operator names; otherwise any client could
    // choose request.host and request.ip.
    trustProxy: ctx.config.TRUST_PROXY.length > 0 ? ctx.config.TRUST_PROXY : false,
    logger:
      ctx.config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: ctx.config.LOG_LEVEL,
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url) }),
            },
          },
  });
  installErrorHandlers(app);
  await registerRateLimits(app);
  const staticDir = options.staticDir;
  const hasSpa = staticDir !== undefined && existsSync(path.join(staticDir, 'index.html'));
  const scriptHashes = hasSpa ? inlineScriptHashes(readFileSync(path.join(staticDir, 'index.html'), 'utf8')) : [];
  await registerSecurityHeaders(app, ctx.config, scriptHashes);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  await app.register(websocket, { options: { maxPayload: MAX_WS_PAYLOAD_BYTES } });

  await app.register(
    async (api) => {
      api.get('/health', async () => ({ status: 'ok' }));
      await authRoutes(api, ctx);
      await creditsRoutes(api, ctx, subscriptionsOf(ctx));
      await paymentsRoutes(api, ctx);
      await credentialsRoutes(api, ctx);
      await knowledgeRoutes(api, ctx);
      await teamsRoutes(api, ctx);
      await runtimeRoutes(api, runtimeContext(ctx));
      await supportRoutes(api, ctx);
    },
    { prefix: '/api/v1' },
  );
  await paymentPages(app, ctx);
  await runtimePages(app, ctx);

  if (hasSpa) {
    await registerSpa(app, staticDir);
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || !hasSpa || request.method !== 'GET') {
      return reply.status(404).send({ detail: 'Not Found' });
    }
    // Client-side routing: every other page path gets the SPA shell.
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
