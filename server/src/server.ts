// Wires configuration, database, storage and tokens into a ready application.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { LocalFileStorage } from './storage.ts';
import { createAccessTokens } from './auth/tokens.ts';
import { getOrCreateSetting } from './settings.ts';
import { seedTeams } from './teams/seed.ts';
import { loadCatalog } from './mcp/catalog.ts';
import { McpPool } from './mcp/pool.ts';
import { ComputerPool } from './computer/pool.ts';
import { createComputerTokens } from './computer/tokens.ts';
import { recoverInterruptedRuns } from './runtime/recovery.ts';
import { runtimeContext } from './wiring.ts';
import type { WireFrame } from '../../contract/frames.ts';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  close(): Promise<void>;
}

export interface ServerOptions extends AppOptions {
  /** Overrides for tests: an already-open database, a clock. */
  database?: Database;
  now?: () => Date;
  /** Keep PGlite in memory instead of under DATA_DIR. */
  inMemory?: boolean;
  /** Sees every frame the runtime sends (AppContext.onFrame). */
  onFrame?: (frame: WireFrame) => void;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: options.inMemory ? undefined : path.join(config.dataDir, 'pglite'),
    }));
  const secret = config.JWT_SECRET ?? (await getOrCreateSetting(database.db, 'jwt_secret'));
  const ctx: AppContext = {
    config,
    db: database.db,
    listen: database.listen,
    storage: new LocalFileStorage(path.join(config.dataDir, 'files')),
    tokens: createAccessTokens(secret, config.ACCESS_TOKEN_TTL),
    mcp: new McpPool({
      catalog: loadCatalog(config),
      callTimeoutMs: config.MCP_CALL_TIMEOUT_MS,
      idleMs: config.MCP_IDLE_MS,
      maxPerServer: config.MCP_MAX_CONNECTIONS_PER_SERVER,
      allowPrivateHosts: config.ALLOW_PRIVATE_TOOL_HOSTS,
    }),
    computer: new ComputerPool({
      chromiumPath: config.CHROMIUM_PATH,
      maxContexts: config.COMPUTER_MAX_CONTEXTS,
      idleMs: config.COMPUTER_IDLE_SECONDS * 1000,
      pageTimeoutMs: config.COMPUTER_PAGE_TIMEOUT_MS,
      allowPrivate: config.ALLOW_PRIVATE_TOOL_HOSTS,
      pageHeapMb: config.COMPUTER_PAGE_HEAP_MB,
    }),
    computerTokens: createComputerTokens(secret, config.COMPUTER_LINK_TTL_SECONDS),
    now: options.now ?? (() => new Date()),
    ...(options.onFrame ? { onFrame: options.onFrame } : {}),
  };
  await seedTeams(ctx);
  const app = await buildApp(ctx, options);
  try {
    const recovered = await recoverInterruptedRuns(runtimeContext(ctx), { own: true });
    if (recovered > 0) app.log.warn({ recovered }, 'marked runs cut by a crash as interrupted and refunded them');
  } catch (error) {
    // Recovery is housekeeping: a failure must not keep the server from starting; the sweep tries again.
    app.log.error({ err: error }, 'recovering interrupted runs failed');
  }
  return {
    app,
    ctx,
    database,
    async close() {
      await app.close();
      await ctx.computer.close();
      await ctx.mcp.close();
      await database.close();
    },
  };
}
