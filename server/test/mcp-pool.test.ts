import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadCatalog } from '../src/mcp/catalog.ts';
import { McpPool, type PoolOptions } from '../src/mcp/pool.ts';
import { McpUnavailableError } from '../src/mcp/types.ts';
import { writeTestCatalogue, type TestCatalogue } from './fakes/mcpCatalog.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const gone = async (pid: number) => {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
  return !alive(pid);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const parsed = (text: string) =>
  JSON.parse(text) as { pid: number; text?: string; names?: string[]; FAKE_TOKEN?: string | null };

describe('MCP client pool against a stdio test server', () => {
  let cat: TestCatalogue;
  const pools: McpPool[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const pool = (options: Partial<PoolOptions> = {}) => {
    const p = new McpPool({
      catalog: loadCatalog({ CATALOG_FILE: cat.file }),
      callTimeoutMs: 5_000,
      idleMs: 60_000,
      maxPerServer: 3,
      allowPrivateHosts: false,
      ...options,
    });
    pools.push(p);
    return p;
  };
  const echo = async (p: McpPool, creds: Record<string, string> | null = null) =>
    parsed((await p.callTool('fake', creds, 'echo', { text: 'hi' })).text).pid;

  before(async () => {
    cat = await writeTestCatalogue();
    process.on('unhandledRejection', onUnhandled);
  });
  after(async () => {
    await Promise.all(pools.map((p) => p.close()));
    process.off('unhandledRejection', onUnhandled);
    await cat.remove();
  });

  it("lists the server's tools and reuses one process across calls, even concurrent first calls", async () => {
    const p = pool();
    const [first, second] = await Promise.all([echo(p), echo(p), p.listTools('fake', null)]);
    assert.equal(first, second);
    assert.equal(await echo(p), first);
    const tools = await p.listTools('fake', null);
    assert.ok(['echo', 'fail', 'hang', 'crash', 'garbage'].every((n) => tools.some((t) => t.name === n)));
    assert.equal(tools.find((t) => t.name === 'echo')?.inputSchema.type, 'object');
    assert.deepEqual(
      p.connections('fake').map((c) => c.pid),
      [first],
    );
    assert.equal(p.isConnectable('fake'), true);
    assert.equal(p.isConnectable('none'), false);
  });

  it('starts one process per credential set and passes each only its own values', async () => {
    const p = pool();
    const env = async (creds: Record<string, string> | null) =>
      parsed((await p.callTool('fake', creds, 'env', {})).text);
    const [a, b, none, a2] = [
      await env({ FAKE_TOKEN: 'token-a' }),
      await env({ FAKE_TOKEN: 'token-b' }),
      await env(null),
      await env({ FAKE_TOKEN: 'token-a' }),
    ];
    assert.equal(a.FAKE_TOKEN, 'token-a');
    assert.equal(b.FAKE_TOKEN, 'token-b');
    assert.equal(none.FAKE_TOKEN, null);
    assert.equal(new Set([a.pid, b.pid, none.pid]).size, 3);
    assert.equal(a2.pid, a.pid);
  });

  it("gives the child no variable of the server's environment beyond PATH, HOME and the like", async () => {
    process.env.JWT_SECRET = 'parent-secret-that-must-not-leak-0123456789';
    try {
      const { names } = parsed((await pool().callTool('fake', { FAKE_TOKEN: 't' }, 'env', {})).text);
      const allowed = new Set([
        'PATH',
        'HOME',
        'TMPDIR',
        'FAKE_TOKEN',
        'FAKE_MCP_LOG',
        'SHELL',
        'TERM',
        'USER',
        'LOGNAME',
      ]);
      assert.deepEqual(
        names!.filter((n) => !allowed.has(n)),
        [],
      );
    } finally {
      delete process.env.JWT_SECRET;
    }
  });

  it("returns a tool's own error and the server's refusal of an unknown tool as isError results", async () => {
    const p = pool();
    assert.deepEqual(await p.callTool('fake', null, 'fail', {}), { text: 'the fake tool failed', isError: true });
    const unknown = await p.callTool('fake', null, 'no_such_tool', {});
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /no_such_tool/);
  });

  it('closes a process after the idle time', async () => {
    const p = pool({ idleMs: 200 });
    const pid = await echo(p);
    assert.ok(await gone(pid));
    assert.deepEqual(p.connections(), []);
    assert.notEqual(await echo(p), pid);
  });

  it('caps live processes per server: evicts the least recently used idle one, else fails after a bounded wait', async () => {
    const p = pool({ maxPerServer: 2 });
    const a = await echo(p, { FAKE_TOKEN: 'a' });
    const b = await echo(p, { FAKE_TOKEN: 'b' });
    await echo(p, { FAKE_TOKEN: 'a' });
    const c = await echo(p, { FAKE_TOKEN: 'c' });
    assert.ok(await gone(b), 'b was the least recently used');
    assert.deepEqual(
      p
        .connections('fake')
        .map((x) => x.pid)
        .sort(),
      [a, c].sort(),
    );
    const busy = [
      p.callTool('fake', { FAKE_TOKEN: 'a' }, 'slow', { ms: 800 }),
      p.callTool('fake', { FAKE_TOKEN: 'c' }, 'slow', { ms: 800 }),
    ];
    await sleep(50);
    await assert.rejects(
      p.callTool('fake', { FAKE_TOKEN: 'd' }, 'echo', { text: 'x' }, { timeoutMs: 200 }),
      (e: Error) => e instanceof McpUnavailableError && /busy \(2 connections in use\)/.test(e.message),
    );
    const waiting = p.callTool('fake', { FAKE_TOKEN: 'd' }, 'echo', { text: 'x' });
    await Promise.all(busy);
    assert.equal((await waiting).isError, false, 'a released slot is taken by the waiting call');
    assert.equal(p.connections('fake').length, 2);
  });

  it('fails a call that exceeds its time limit, ends the hung process and starts afresh', async () => {
    const p = pool();
    const pid = await echo(p);
    await assert.rejects(
      p.callTool('fake', null, 'hang', {}, { timeoutMs: 150 }),
      (e: Error) => e instanceof McpUnavailableError && /did not answer the tool hang within 150 ms/.test(e.message),
    );
    assert.ok(await gone(pid));
    assert.notEqual(await echo(p), pid);
  });

  it('cancels an in-flight call when its signal aborts; the server sees notifications/cancelled', async () => {
    const p = pool();
    const pid = await echo(p);
    const controller = new AbortController();
    const call = p.callTool('fake', null, 'hang', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user stopped the run')), 100);
    await assert.rejects(call, /user stopped the run/);
    let log = '';
    for (let i = 0; i < 50 && !log.includes('cancelled'); i++) {
      await sleep(20);
      log = await readFile(cat.logFile, 'utf8').catch(() => '');
    }
    assert.match(log, /cancelled/);
    assert.equal(await echo(p), pid, 'the process stays in use');
    await assert.rejects(
      p.callTool('fake', null, 'echo', { text: 'x' }, { signal: AbortSignal.abort(new Error('already')) }),
      /already/,
    );
  });

  it('turns a crash into an error for that call and uses a fresh process next', async () => {
    const p = pool();
    const pid = await echo(p);
    await assert.rejects(
      p.callTool('fake', null, 'crash', {}),
      (e: Error) => e instanceof McpUnavailableError && /The Fake tool server stopped unexpectedly/.test(e.message),
    );
    assert.ok(await gone(pid));
    assert.notEqual(await echo(p), pid);
  });

  it('turns an answer that is not JSON-RPC into an error, without harm to this process', async () => {
    const p = pool();
    const pid = await echo(p);
    await assert.rejects(
      p.callTool('fake', null, 'garbage', {}),
      (e: Error) => e instanceof McpUnavailableError && /not MCP/.test(e.message),
    );
    assert.ok(await gone(pid));
    assert.notEqual(await echo(p), pid);
  });

  it('explains servers it cannot use, naming no credential value', async () => {
    const p = pool({ startTimeoutMs: 2_000 });
    const fails = (promise: Promise<unknown>, message: RegExp) =>
      assert.rejects(
        promise,
        (e: Error) =>
          e instanceof McpUnavailableError && message.test(e.message) && !e.message.includes('secret-value'),
      );
    await fails(p.callTool('nope', null, 'echo', {}), /Unknown tool server "nope"/);
    await fails(p.callTool('none', null, 'echo', {}), /None tool server is not connected in this deployment/);
    await fails(p.listTools('locked', null), /Locked tool server needs your credentials/);
    await fails(p.callTool('broken', null, 'echo', {}), /Broken tool server could not be started/);
    await fails(
      p.callTool('fake', { FAKE_TOKEN: 'secret-value', FAKE_URL: 'http://10.0.0.5/' }, 'echo', { text: 'x' }),
      /Fake credentials cannot be used: FAKE_URL: the address points at a private or local network/,
    );
    assert.equal(p.connections('fake').length, 0);
  });

  it('uses private addresses when the operator allows them', async () => {
    const p = pool({ allowPrivateHosts: true });
    assert.equal((await p.callTool('fake', { FAKE_URL: 'http://127.0.0.1:1/' }, 'echo', { text: 'x' })).isError, false);
  });

  it('ends every process on close and refuses calls afterwards', async () => {
    const p = pool();
    const pids = [await echo(p, { FAKE_TOKEN: '1' }), await echo(p, { FAKE_TOKEN: '2' })];
    await p.close();
    for (const pid of pids) assert.ok(await gone(pid));
    await assert.rejects(echo(p), McpUnavailableError);
  });

  it('left no unhandled rejection behind', async () => {
    await sleep(50);
    assert.deepEqual(unhandled, []);
  });
});
