import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadCatalog } from '../src/mcp/catalog.ts';
import { McpPool } from '../src/mcp/pool.ts';
import { McpUnavailableError } from '../src/mcp/types.ts';
import { writeTestCatalogue, type TestCatalogue } from './fakes/mcpCatalog.ts';
import { startFakeHttpMcp, type FakeHttpMcp } from './fakes/mcpHttpServer.ts';

describe('Streamable HTTP servers', () => {
  let remote: FakeHttpMcp;
  let cat: TestCatalogue;
  let pool: McpPool;
  before(async () => {
    remote = await startFakeHttpMcp('good-token');
    cat = await writeTestCatalogue(remote.url);
    pool = new McpPool({
      catalog: loadCatalog({ CATALOG_FILE: cat.file }),
      callTimeoutMs: 5_000,
      idleMs: 60_000,
      maxPerServer: 2,
      allowPrivateHosts: false,
    });
  });
  after(async () => {
    await pool.close();
    await remote.close();
    await cat.remove();
  });

  it("sends the user's credential in the header the catalogue names", async () => {
    assert.deepEqual(
      (await pool.listTools('remote', { REMOTE_TOKEN: 'good-token' })).map((t) => t.name),
      ['whoami'],
    );
    const result = await pool.callTool('remote', { REMOTE_TOKEN: 'good-token' }, 'whoami', {});
    assert.deepEqual(result, { text: 'Bearer good-token', isError: false });
  });

  it('reports a refused credential as the HTTP status, without the value', async () => {
    await assert.rejects(
      pool.callTool('remote', { REMOTE_TOKEN: 'wrong-token' }, 'whoami', {}),
      (e: Error) =>
        e instanceof McpUnavailableError &&
        /Remote tool server could not be started \(HTTP 401\)/.test(e.message) &&
        !e.message.includes('wrong-token'),
    );
  });
});

describe('catalogue transports', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ats-transport-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const entry = (transport: unknown) => ({
    name: 'X',
    description: 'x',
    requires_credentials: true,
    credential_fields: [{ key: 'TOKEN', name: 'Token', type: 'token' }],
    tool_config_example: { type: 'mcp', server_ids: ['x'] },
    transport,
  });
  const load = async (name: string, transport: unknown) => {
    const file = path.join(dir, `${name}.json`);
    await writeFile(file, JSON.stringify({ mcp_servers: { x: entry(transport) }, tools: {} }));
    return () => loadCatalog({ CATALOG_FILE: file });
  };

  it('rejects a transport that maps a credential the server does not have', async () => {
    assert.throws(
      await load('env', { type: 'stdio', command: 'node', credential_env: { TOKNE: 'TOKEN' } }),
      /maps TOKNE, which is not a credential field/,
    );
    assert.throws(
      await load('header', {
        type: 'http',
        url: 'https://x.example/mcp',
        credential_headers: { TOKEN: 'Bad Header: {value}' },
      }),
      /bad header name/,
    );
    assert.throws(await load('scheme', { type: 'http', url: 'file:///etc/passwd' }), /expected an http\(s\) URL/);
  });

  it("defaults a stdio transport's maps to empty and marks the server as needing credentials", async () => {
    const catalog = (await load('plain', { type: 'stdio', command: 'node' }))();
    const server = catalog.mcpServers.x!;
    assert.deepEqual(server.transport, {
      type: 'stdio',
      command: 'node',
      args: [],
      env: {},
      credential_env: {},
      private_hosts_env: {},
    });
    assert.equal(server.works_without_credentials, false);
  });
});
