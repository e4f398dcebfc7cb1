// Everything a route needs, built once at start-up and passed down (no module-level singletons).
import type { Config } from './config.ts';
import type { Db, Listen } from './db/client.ts';
import type { FileStorage } from './storage.ts';
import type { AccessTokens } from './auth/tokens.ts';
import type { McpClientPool } from './mcp/types.ts';
import type { ComputerPool } from './computer/pool.ts';
import type { ComputerTokens } from './computer/tokens.ts';
import type { WireFrame } from '../../contract/frames.ts';

export interface AppContext {
  config: Config;
  db: Db;
  /** LISTEN on the database: how instances on one PostgreSQL hear of each other's runs. */
  listen: Listen;
  storage: FileStorage;
  tokens: AccessTokens;
  /** Real MCP tool servers, pooled per server and credential set. */
  mcp: McpClientPool;
  /** The Agent's Computer: this instance's browsers (one context per run) and the signed links to watch them. */
  computer: ComputerPool;
  computerTokens: ComputerTokens;
  /** Injectable clock: tests move time for renewals and expiries. */
  now(): Date;
  /** Sees every frame the runtime sends, on any transport (tests check each one against the contract). */
  onFrame?: (frame: WireFrame) => void;
}
