// A server process killed mid-run (SIGKILL: no shutdown of any kind) and started again under the same INSTANCE_ID:
// the run it held is recovered at once, not after a timeout: the reply is interrupted with what it produced, its
// open tool calls are closed with an error, what was paid and not delivered is refunded through the ledger, and a
// client resuming the run hears run_interrupted. On the CI PostgreSQL when TEST_DATABASE_URL is set, else on PGlite
// files in a data directory the two processes use one after the other.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as netServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { StreamFrame, ToolCall } from '../../contract/types.ts';
import { freshPostgresDatabase } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The configured team (server/src/config.ts default). */
const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const REQUEST = 'Every Monday at 8am fetch https://api.example.com/sales and post a summary to #sales on Slack';

async function freePort(): Promise<number> {
  const probe = netServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface Proc {
  child: ChildProcess;
  url: string;
}

async function startProcess(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${url}/api/v1/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}

const kill = (proc: Proc) =>
  new Promise<void>((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGKILL');
  });

async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok && res.status !== 404) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function signIn(base: string, email: string): Promise<string> {
  const { token } = await api<{ token: string }>(base, 'POST', '/auth/dev/token', undefined, { email, name: 'Crash' });
  const login = () => api<{ access_token?: string }>(base, 'POST', '/auth/google/login', undefined, { token });
  let session = await login();
  if (!session.access_token) {
    await api(base, 'POST', '/auth/google/register', undefined, { token });
    session = await login();
  }
  return session.access_token!;
}

/** Collects a socket's frames until `stop` says enough (or its last frame). */
function frames(url: string, first: unknown, stop: (all: StreamFrame[]) => boolean): Promise<StreamFrame[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const all: StreamFrame[] = [];
    const timer = setTimeout(() => reject(new Error(`timed out: ${JSON.stringify(all.map((f) => f.type))}`)), 60_000);
    ws.on('open', () => ws.send(JSON.stringify(first)));
    ws.on('message', (data) => {
      all.push(JSON.parse(data.toString()) as StreamFrame);
      if (stop(all)) {
        clearTimeout(timer);
        resolve(all);
        ws.terminate();
      }
    });
    ws.on('error', reject);
  });
}

describe('a server killed mid-run and started again', () => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | null = null;
  let env: Record<string, string>;
  let proc: Proc;

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ats-crash-'));
    const admin = process.env.TEST_DATABASE_URL;
    database = admin ? await freshPostgresDatabase(admin) : null;
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      INSTANCE_ID: 'crashing-instance',
      STREAM_DELAY_MS: '25',
      FREE_CREDITS: '100',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: '',
      STRIPE_SECRET_KEY: '',
      RATE_LIMIT_SIGN_IN: '100000',
      MCP_WARM_TOOL_LISTS: 'false',
    };
    proc = await startProcess(env);
  });
  after(async () => {
    if (proc) await kill(proc);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('recovers the run it held at once: interrupted, tool calls closed, refund through the ledger, resume says so', async () => {
    const token = await signIn(proc.url, 'crash@example.com');
    const teamId = TEAM_ID;
    const socketUrl = () => `${proc.url.replace('http', 'ws')}/api/v1/teams/${teamId}/ws?token=${token}`;
    // Mid-run: text is streaming; the process dies without a word.
    const seen = await frames(socketUrl(), { message: REQUEST }, (all) =>
      all.some((f) => f.type === 'chunk' && typeof f.content === 'string' && f.content.length > 0),
    );
    const { run_id: runId, session_id: sessionId } = seen[0] as StreamFrame & { run_id: string };
    await new Promise((r) => setTimeout(r, 400));
    await kill(proc);

    proc = await startProcess(env);
    const messages = (
      await api<{
        data: { messages: Array<{ role: string; content: string; run_status?: string; tool_calls: ToolCall[] }> };
      }>(proc.url, 'GET', `/teams/sessions/${sessionId}/messages`, token)
    ).data.messages;
    const reply = messages.find((m) => m.role === 'team_response')!;
    assert.equal(reply.run_status, 'interrupted', 'recovered on start-up, not after a lease timeout');
    assert.ok(reply.content.length > 0, 'what it produced is kept');
    assert.ok(
      reply.tool_calls.every((c) => c.result !== null && c.result !== undefined),
      'no tool call is left open',
    );
    // The refund follows the recovery rule: the price of each paid tool call the crash left unfinished.
    const cut = reply.tool_calls.filter(
      (c) => String(c.result).startsWith('Interrupted') && !['transfer_task_to_member', 'think'].includes(c.tool_name),
    );
    const { transactions } = (
      await api<{ data: { transactions: Array<{ amount: number; transaction_type: string }> } }>(
        proc.url,
        'GET',
        '/credits/transactions?limit=100',
        token,
      )
    ).data;
    const refunded = transactions.filter((t) => t.transaction_type === 'refund').reduce((n, t) => n + t.amount, 0);
    assert.equal(refunded, cut.length, JSON.stringify(transactions));
    assert.ok(
      transactions.some((t) => t.transaction_type === 'consumption'),
      'the run was paid for',
    );
    const resumed = await frames(socketUrl(), { type: 'resume', run_id: runId }, (all) =>
      all.some((f) => f.type === 'error' || f.type === 'end'),
    );
    const last = resumed.at(-1)!;
    assert.equal(last.type, 'error');
    assert.equal(last.error_code, 'run_interrupted');
  });
});

// Two processes on one PostgreSQL (PGlite files cannot be opened by two processes at once, so this runs in the
// CI's PostgreSQL pass, where TEST_DATABASE_URL is set): the instance holding a run dies, and the other one, which a
// client resumed the run on, takes the run over once its lease has run out: interrupted, refunded, the client told.
describe(
  'another instance takes over a dead instance’s run when its lease runs out',
  {
    skip: process.env.TEST_DATABASE_URL ? false : 'two processes need a shared PostgreSQL (TEST_DATABASE_URL)',
  },
  () => {
    const LEASE_SECONDS = 6;
    let database: { url: string; drop(): Promise<void> };
    const dirs: string[] = [];
    const procs: Proc[] = [];

    const start = async (instance: string) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `ats-${instance}-`));
      dirs.push(dataDir);
      const proc = await startProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        INSTANCE_ID: instance,
        RUN_LEASE_SECONDS: String(LEASE_SECONDS),
        JWT_SECRET: 'two-instances-share-this-secret-of-32+chars',
        STREAM_DELAY_MS: '25',
        FREE_CREDITS: '100',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        GOOGLE_CLIENT_ID: '',
        STRIPE_SECRET_KEY: '',
        RATE_LIMIT_SIGN_IN: '100000',
        MCP_WARM_TOOL_LISTS: 'false',
      });
      procs.push(proc);
      return proc;
    };

    before(async () => {
      database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    });
    after(async () => {
      await Promise.all(procs.map(kill));
      await database?.drop();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('the survivor marks the run interrupted within the lease, refunds it, and tells the client that resumed there', async () => {
      const a = await start('instance-a');
      const b = await start('instance-b');
      const token = await signIn(a.url, 'takeover@example.com');
      const socketUrl = (proc: Proc) => `${proc.url.replace('http', 'ws')}/api/v1/teams/${TEAM_ID}/ws?token=${token}`;
      const seen = await frames(socketUrl(a), { message: REQUEST }, (all) =>
        all.some((f) => f.type === 'chunk' && typeof f.content === 'string' && f.content.length > 0),
      );
      const { run_id: runId, session_id: sessionId } = seen[0] as StreamFrame & { run_id: string };
      const lastSeq = Math.max(...seen.map((f) => f.seq ?? 0));
      await kill(a);
      const killedAt = Date.now();

      // The client comes back on the other instance and resumes after the last frame it had.
      const resumed = await frames(socketUrl(b), { type: 'resume', run_id: runId, after_seq: lastSeq }, (all) =>
        all.some((f) => f.type === 'error' || f.type === 'end'),
      );
      const waited = Date.now() - killedAt;
      const last = resumed.at(-1)!;
      assert.equal(last.type, 'error', JSON.stringify(last));
      assert.equal(last.error_code, 'run_interrupted');
      assert.ok(
        resumed.every((f) => (f.seq ?? 0) > lastSeq),
        'nothing the client had is sent again',
      );
      // Heartbeats every third of the lease, the sweep every third: taken over within lease + two thirds, not minutes.
      assert.ok(waited < (LEASE_SECONDS * 5_000) / 3 + 5_000, `took ${waited} ms`);

      const messages = (
        await api<{
          data: { messages: Array<{ role: string; content: string; run_status?: string; tool_calls: ToolCall[] }> };
        }>(b.url, 'GET', `/teams/sessions/${sessionId}/messages`, token)
      ).data.messages;
      const reply = messages.find((m) => m.role === 'team_response')!;
      assert.equal(reply.run_status, 'interrupted');
      assert.ok(reply.content.length > 0, 'what it produced is kept');
      assert.ok(
        reply.tool_calls.every((c) => c.result !== null && c.result !== undefined),
        'no tool call left open',
      );
      const { transactions } = (
        await api<{ data: { transactions: Array<{ amount: number; transaction_type: string }> } }>(
          b.url,
          'GET',
          '/credits/transactions?limit=100',
          token,
        )
      ).data;
      const cut = reply.tool_calls.filter(
        (c) =>
          String(c.result).startsWith('Interrupted') && !['transfer_task_to_member', 'think'].includes(c.tool_name),
      );
      const refunded = transactions.filter((t) => t.transaction_type === 'refund').reduce((n, t) => n + t.amount, 0);
      assert.equal(refunded, cut.length, JSON.stringify(transactions));
    });
  },
);
