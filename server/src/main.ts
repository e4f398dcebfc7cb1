// Starts the API server (and the built SPA when dist/ exists) on PORT.
import path from 'node:path';
import { loadConfig, startupWarnings } from './config.ts';
import { createServer } from './server.ts';
import { runRenewals } from './payments/subscriptions.ts';

const RENEWAL_SWEEP_MS = 60_000;

export async function main(): Promise<void> {
  const config = loadConfig();
  const server = await createServer(config, { staticDir: path.resolve('dist') });
  // Subscriptions also settle lazily on every read; the sweep renews those of users who are away.
  const sweep = setInterval(() => {
    runRenewals(server.ctx).catch((error: unknown) => server.app.log.error({ err: error }, 'renewal sweep failed'));
  }, RENEWAL_SWEEP_MS);
  sweep.unref();
  const shutdown = async () => {
    clearInterval(sweep);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await server.app.listen({ port: config.PORT, host: config.HOST });
  const port = (server.app.server.address() as { port: number }).port;
  const db = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\n  ${config.APP_NAME} is running at http://localhost:${port}\n  Database: ${db}\n`);
  for (const warning of startupWarnings(config)) console.warn(`  WARNING: ${warning}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
