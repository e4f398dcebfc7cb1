// Test harness: a fresh server per test file on in-memory PGlite, or on a fresh database of a real
// PostgreSQL when TEST_DATABASE_URL is set (`.ci/run` does that for a second pass).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { wireFrameProblem, type WireFrame } from '../../contract/frames.ts';
import { parseFrame } from '../../contract/parseFrame.ts';
import { loadConfig } from '../src/config.ts';
import { createServer, type Server, type ServerOptions } from '../src/server.ts';

export interface TestServer extends Server {
  dataDir: string;
  /** Move the injectable clock. */
  clock: { now: Date; advance(ms: number): void };
}

export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Why a frame the server sent breaks the contract: the wire schema's reason, or the SPA parser's; else null. */
export function frameRejection(frame: unknown): string | null {
  const problem = wireFrameProblem(frame);
  if (problem) return `not a wire frame: ${problem}`;
  const read = parseFrame(JSON.stringify(frame));
  return read.ok ? null : `the SPA's parser rejects it (${read.kind}): ${read.detail}`;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ats-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = adminUrl ? await freshPostgresDatabase(adminUrl) : null;
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    STREAM_DELAY_MS: '0',
    // Suites sign in many users from one address; the rate-limit tests set their own limits.
    RATE_LIMIT_SIGN_IN: '100000',
    RATE_LIMIT_CHECKOUT_PAY: '100000',
    // A tool server process per test server would be wasted; the Add Tools suite turns it on.
    MCP_WARM_TOOL_LISTS: 'false',
    // Chromium per test server would be slow; the Agent's Computer suite turns it on.
    CHROMIUM_PATH: '',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  // Every frame any test makes this server send must match the contract's schema and be read by the SPA's parser.
  const rejected: string[] = [];
  const onFrame = (frame: WireFrame) => {
    const problem = frameRejection(frame);
    if (problem) rejected.push(`${problem}\n  in ${JSON.stringify(frame).slice(0, 500)}`);
    options.onFrame?.(frame);
  };
  const server = await createServer(config, { inMemory: true, now: () => clock.now, ...options, onFrame });
  return {
    ...server,
    dataDir,
    clock,
    async close() {
      await server.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (rejected.length) throw new Error(`The server sent frames outside the contract:\n${rejected.join('\n')}`);
    },
  };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A small JSON client over app.inject. */
export function client(server: Server, token?: string) {
  const call = async <T = any>(
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> => {
    const res = await server.app.inject({
      method: method as 'GET',
      url: url.startsWith('/api/') ? url : `/api/v1${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: body as T, headers: res.headers };
  };
  return {
    get: <T = any>(url: string) => call<T>('GET', url),
    post: <T = any>(url: string, payload?: unknown) => call<T>('POST', url, payload ?? {}),
    put: <T = any>(url: string, payload?: unknown) => call<T>('PUT', url, payload ?? {}),
    patch: <T = any>(url: string, payload?: unknown) => call<T>('PATCH', url, payload ?? {}),
    delete: <T = any>(url: string) => call<T>('DELETE', url),
    raw: call,
  };
}

/** Signs a user in through the local identity provider: dev token → login, registering on user_not_found. */
export async function signIn(server: Server, email: string, name = email.split('@')[0] ?? 'User'): Promise<string> {
  const anon = client(server);
  const idToken = await anon.post<{ token: string }>('/auth/dev/token', { email, name });
  if (idToken.status !== 200) throw new Error(`dev token failed: ${JSON.stringify(idToken.body)}`);
  let login = await anon.post<{ access_token: string }>('/auth/google/login', { token: idToken.body.token });
  if (login.status === 404) {
    const reg = await anon.post('/auth/google/register', { token: idToken.body.token });
    if (reg.status !== 200 && reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
    login = await anon.post('/auth/google/login', { token: idToken.body.token });
  }
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return login.body.access_token;
}
