// The McpClientPool: one session per server and credential set, shared, capped per server, closed when idle.
import { createHmac, randomBytes } from 'node:crypto';
import { type Catalog, type CatalogServer, findServer } from './catalog.ts';
import { PRIVATE_ADDRESS_MESSAGE, privateUrlFields } from './addressGuard.ts';
import { Connection } from './connection.ts';
import { buildTransport, type Credentials } from './transports.ts';
import { abortable, waitFor } from './waiting.ts';
import {
  McpUnavailableError,
  type McpCallOptions,
  type McpCallResult,
  type McpClientPool,
  type McpToolInfo,
} from './types.ts';

const TOOLS_TTL_MS = 10 * 60_000;

export interface PoolOptions {
  catalog: Catalog;
  callTimeoutMs: number;
  idleMs: number;
  maxPerServer: number;
  allowPrivateHosts: boolean;
  /** Time limit for starting a session (spawn + initialize); default: callTimeoutMs. */
  startTimeoutMs?: number;
  /** How long a call waits for a free connection when the server's cap is reached (default: the call's time limit). */
  acquireWaitMs?: number;
}

export interface ConnectionInfo {
  serverId: string;
  pid: number | null;
  busy: number;
}

export class McpPool implements McpClientPool {
  private readonly conns = new Map<string, Connection>();
  private readonly tools = new Map<string, { tools: McpToolInfo[]; at: number }>();
  private waiters: Array<() => void> = [];
  /** Keys are keyed hashes of the credential values, so the values never sit in the pool's maps. */
  private readonly salt = randomBytes(32);
  private closing = false;

  constructor(private readonly options: PoolOptions) {}

  isConnectable(serverId: string): boolean {
    return findServer(this.options.catalog, serverId)?.transport !== undefined;
  }

  /** Live sessions (tests and diagnostics). */
  connections(serverId?: string): ConnectionInfo[] {
    return [...this.conns.values()]
      .filter((c) => serverId === undefined || c.serverId === serverId)
      .map((c) => ({ serverId: c.serverId, pid: c.pid(), busy: c.busy }));
  }

  async listTools(
    serverId: string,
    credentials: Credentials | null,
    options: McpCallOptions = {},
  ): Promise<McpToolInfo[]> {
    const key = this.keyOf(serverId, credentials);
    const cached = this.tools.get(key);
    if (cached && Date.now() - cached.at < TOOLS_TTL_MS) return cached.tools;
    const tools = await this.withConnection(serverId, credentials, options, (conn, limits) => conn.listTools(limits));
    const now = Date.now();
    // One entry per credential set ever seen would grow without end; expired ones go when a new one comes.
    for (const [k, v] of this.tools) if (now - v.at >= TOOLS_TTL_MS) this.tools.delete(k);
    this.tools.set(key, { tools, at: now });
    return tools;
  }

  callTool(
    serverId: string,
    credentials: Credentials | null,
    tool: string,
    args: Record<string, unknown>,
    options: McpCallOptions = {},
  ): Promise<McpCallResult> {
    return this.withConnection(serverId, credentials, options, (conn, limits) => conn.callTool(tool, args, limits));
  }

  async close(): Promise<void> {
    this.closing = true;
    this.wake();
    await Promise.all([...this.conns.values()].map((c) => c.close()));
    this.tools.clear();
  }

  private async withConnection<T>(
    serverId: string,
    credentials: Credentials | null,
    options: McpCallOptions,
    run: (conn: Connection, limits: { signal?: AbortSignal; timeoutMs: number }) => Promise<T>,
  ): Promise<T> {
    const limits = { signal: options.signal, timeoutMs: options.timeoutMs ?? this.options.callTimeoutMs };
    const conn = await this.acquire(serverId, credentials, limits);
    try {
      return await run(conn, limits);
    } finally {
      this.release(conn);
    }
  }

  private serverOf(serverId: string, credentials: Credentials | null): CatalogServer & { transport: object } {
    const server = findServer(this.options.catalog, serverId);
    if (!server) throw new McpUnavailableError(`Unknown tool server "${serverId}".`);
    if (!server.transport)
      throw new McpUnavailableError(`The ${server.name} tool server is not connected in this deployment.`);
    if (!credentials && server.requires_credentials && !server.works_without_credentials) {
      throw new McpUnavailableError(`The ${server.name} tool server needs your credentials; add them first.`);
    }
    return server as CatalogServer & { transport: object };
  }

  private keyOf(serverId: string, credentials: Credentials | null): string {
    const entries = Object.entries(credentials ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
    return createHmac('sha256', this.salt)
      .update(JSON.stringify([serverId, credentials ? entries : null]))
      .digest('hex');
  }

  private async acquire(
    serverId: string,
    credentials: Credentials | null,
    limits: { signal?: AbortSignal; timeoutMs: number },
  ): Promise<Connection> {
    const server = this.serverOf(serverId, credentials);
    const key = this.keyOf(serverId, credentials);
    const deadline = Date.now() + (this.options.acquireWaitMs ?? limits.timeoutMs);
    for (;;) {
      limits.signal?.throwIfAborted();
      if (this.closing) throw new McpUnavailableError(`The ${server.name} tool server is shutting down.`);
      const conn = this.conns.get(key) ?? this.open(serverId, key, server, credentials);
      if (conn) {
        conn.busy++;
        clearTimeout(conn.idleTimer);
        try {
          await abortable(conn.ready, limits.signal);
        } catch (error) {
          this.release(conn);
          throw error;
        }
        return conn;
      }
      const left = deadline - Date.now();
      if (left <= 0 || !(await waitFor(this.waiters, left, limits.signal))) {
        limits.signal?.throwIfAborted();
        throw new McpUnavailableError(
          `The ${server.name} tool server is busy (${this.options.maxPerServer} connections in use); try again shortly.`,
        );
      }
    }
  }

  /** A new session when the server is under its cap or an idle one can be evicted (least recently used); else null. */
  private open(
    serverId: string,
    key: string,
    server: CatalogServer,
    credentials: Credentials | null,
  ): Connection | null {
    const live = [...this.conns.values()].filter((c) => c.serverId === serverId);
    if (live.length >= this.options.maxPerServer) {
      const idle = live.filter((c) => c.busy === 0).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!idle) return null;
      void idle.close();
    }
    const conn = new Connection(serverId, key, server.name, (gone) => this.forget(gone));
    this.conns.set(key, conn);
    const transport = server.transport!;
    conn
      .start(
        async () => {
          const blocked = await privateUrlFields(
            server.credential_fields,
            credentials ?? {},
            this.options.allowPrivateHosts,
          );
          if (blocked.length) {
            throw new McpUnavailableError(
              `The ${server.name} credentials cannot be used: ${blocked.join(', ')}: ${PRIVATE_ADDRESS_MESSAGE}.`,
            );
          }
          return buildTransport(transport, credentials, this.options.allowPrivateHosts);
        },
        { timeoutMs: this.options.startTimeoutMs ?? this.options.callTimeoutMs },
      )
      .catch(() => {});
    return conn;
  }

  private release(conn: Connection): void {
    conn.busy = Math.max(0, conn.busy - 1);
    conn.lastUsed = Date.now();
    if (conn.busy === 0 && !conn.closed) {
      clearTimeout(conn.idleTimer);
      conn.idleTimer = setTimeout(() => void (conn.busy === 0 && conn.close()), this.options.idleMs).unref();
      this.wake();
    }
  }

  private forget(conn: Connection): void {
    if (this.conns.get(conn.key) === conn) this.conns.delete(conn.key);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
