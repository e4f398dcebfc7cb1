import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog } from '../src/mcp/catalog.ts';
import { loadConfig } from '../src/config.ts';
import { PublicToolLists } from '../src/mcp/publicTools.ts';
import type { McpClientPool, McpToolInfo } from '../src/mcp/types.ts';
import { McpPool } from '../src/mcp/pool.ts';
import { client, startTestServer, type TestServer } from './helpers.ts';
import { createUser } from './fixtures/knowledge/users.ts';

const catalog = loadCatalog(loadConfig({}));

/** A pool whose tools/list answers only when the test says so. */
function heldPool() {
  const calls: string[] = [];
  const answers = new Map<string, { resolve: (t: McpToolInfo[]) => void; reject: (e: Error) => void }>();
  const pool: McpClientPool = {
    isConnectable: (id) => catalog.mcpServers[id]?.transport !== undefined,
    listTools: (id) =>
      new Promise((resolve, reject) => {
        calls.push(id);
        answers.set(id, { resolve, reject });
      }),
    callTool: () => Promise.reject(new Error('not used')),
    close: async () => {},
  };
  const tool = (name: string): McpToolInfo => ({ name, description: '', inputSchema: { type: 'object' } });
  return {
    pool,
    calls,
    answer: (id: string, names: string[]) => answers.get(id)!.resolve(names.map(tool)),
    fail: (id: string) => answers.get(id)!.reject(new Error('down')),
  };
}

describe('public tool lists', () => {
  it('starts listing at warm-up, reports a server still listing as pending, never as an empty final list', async () => {
    const held = heldPool();
    const lists = new PublicToolLists(held.pool, catalog);
    lists.warm();
    assert.deepEqual(held.calls, ['n8n'], 'only the server that needs no credentials is listed');
    const early = await lists.snapshot(10);
    assert.deepEqual(early.n8n, { tools: [], pending: true });
    assert.deepEqual(early.github, { tools: [], pending: false });
    held.answer('n8n', ['search_nodes', 'get_node']);
    const ready = await lists.snapshot(10);
    assert.deepEqual(ready.n8n, { tools: ['search_nodes', 'get_node'], pending: false });
    assert.equal(held.calls.length, 1, 'a known list is served without asking the server again');
  });

  it('waits for a listing under way within the request budget', async () => {
    const held = heldPool();
    const lists = new PublicToolLists(held.pool, catalog);
    const answer = lists.snapshot(5_000);
    setTimeout(() => held.answer('n8n', ['validate_workflow']), 20);
    assert.deepEqual((await answer).n8n, { tools: ['validate_workflow'], pending: false });
  });

  it('keeps the names last seen when a refresh fails, and tries a failed server again later', async () => {
    const held = heldPool();
    let now = 0;
    const lists = new PublicToolLists(held.pool, catalog, () => now);
    lists.warm();
    held.fail('n8n');
    assert.deepEqual((await lists.snapshot(10)).n8n, { tools: [], pending: false });
    now += 31_000;
    const retry = lists.snapshot(5_000);
    held.answer('n8n', ['search_nodes']);
    assert.deepEqual((await retry).n8n?.tools, ['search_nodes']);
    now += 11 * 60_000;
    await lists.snapshot(10);
    held.fail('n8n');
    await new Promise((r) => setTimeout(r, 0));
    assert.deepEqual((await lists.snapshot(10)).n8n, { tools: ['search_nodes'], pending: false });
    assert.equal(held.calls.length, 3);
  });
});

describe('GET /agents/mcp/servers/available with tool lists warmed at start', () => {
  let server: TestServer;
  after(async () => server?.close());

  it("starts n8n's tool server before anyone asks, then lists its tools", async () => {
    server = await startTestServer({ MCP_WARM_TOOL_LISTS: 'true' });
    assert.ok(server.ctx.mcp instanceof McpPool);
    assert.equal(server.ctx.mcp.connections('n8n').length, 1, 'the listing began at start-up');
    const api = client(server, (await createUser(server, 'warm@example.com')).token);
    let servers;
    for (let i = 0; i < 40; i++) {
      servers = (await api.get('/agents/mcp/servers/available')).body.data.available_mcp_servers;
      if (!servers.n8n.tools_pending) break;
    }
    assert.equal(servers.n8n.tools_pending, undefined);
    assert.ok(servers.n8n.tools.includes('search_nodes'));
    assert.equal(servers.github.tools_pending, undefined, 'a server needing credentials is not pending');
  });
});
