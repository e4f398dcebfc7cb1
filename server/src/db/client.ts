// Opens the database (embedded PGlite by default, PostgreSQL through DATABASE_URL) and runs the migrations.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** LISTEN on a channel: `onPayload` gets each NOTIFY's payload; the result stops listening. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's LISTEN, on a connection of its own (NOTIFY goes through any query: pg_notify). */
  listen: Listen;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres://… for a real server; otherwise PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  pgliteDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteDir);
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle connection that the server drops (restart, failover) must not crash the process: the pool
  // discards it and opens a new one on the next query.
  pool.on('error', (err) => console.error(`database: idle connection lost: ${err.message}`));
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder });
  const listener = postgresListener(url);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await endPool(pool);
    },
  };
}

/** Channel names are ours (identifiers), never user input; quoted all the same. */
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One connection that only listens, opened on the first LISTEN. A dropped connection is opened again after a
 * second with every channel listened to again; notifications sent meanwhile are lost, which is why listeners
 * treat them as hints and read the table.
 */
function postgresListener(url: string): { listen: Listen; close(): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<import('pg').Client> | null = null;
  let closed = false;

  const connect = async (): Promise<import('pg').Client> => {
    const { Client } = (await import('pg')).default;
    const c = new Client({ connectionString: url });
    c.on('notification', (n) => {
      for (const handler of handlers.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    c.on('error', (err) => {
      console.error(`database: listening connection lost: ${err.message}`);
      client = null;
      if (!closed && handlers.size)
        setTimeout(() => {
          if (!closed) void ensure().catch(() => undefined);
        }, 1000).unref();
    });
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
    return c;
  };
  const ensure = () => (client ??= connect());

  return {
    async listen(channel, onPayload) {
      const fresh = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      set.add(onPayload);
      handlers.set(channel, set);
      const c = await ensure();
      if (fresh) await c.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await c.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const c = await client?.catch(() => null);
      await c?.end().catch(() => undefined);
    },
  };
}

/** Ends the pool and waits until every connection has really closed (pool.end() resolves before that). */
async function endPool(pool: import('pg').Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      closed += 1;
      if (closed >= open) resolve();
    });
  });
  await pool.end();
  await allClosed;
}

async function openPglite(dir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  const listen: Listen = async (channel, onPayload) => {
    const unlisten = await client.listen(channel, onPayload);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
  return { db: db as unknown as Db, kind: 'pglite', listen, close: () => client.close() };
}
