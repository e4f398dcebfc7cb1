import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog } from '../src/mcp/catalog.ts';
import { McpPool } from '../src/mcp/pool.ts';
import { McpUnavailableError } from '../src/mcp/types.ts';
import { startFakeN8n, type FakeN8n } from './fakes/n8n.ts';

const workflow = {
  name: 'Greeting',
  nodes: [
    { id: '1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    { id: '2', name: 'Set greeting', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [220, 0], parameters: {} },
  ],
  connections: { Start: { main: [[{ node: 'Set greeting', type: 'main', index: 0 }]] } },
};
const broken = {
  nodes: [
    { id: '1', name: 'Mystery', type: 'n8n-nodes-base.noSuchNode', typeVersion: 1, position: [0, 0], parameters: {} },
  ],
  connections: { Mystery: { main: [[{ node: 'Nowhere', type: 'main', index: 0 }]] } },
};

describe('the real n8n-mcp server through the pool', () => {
  let fake: FakeN8n;
  let pool: McpPool;
  const userA = () => ({ N8N_BASE_URL: fake.url, N8N_API_KEY: 'key-of-user-a' });
  const userB = () => ({ N8N_BASE_URL: fake.url, N8N_API_KEY: 'key-of-user-b' });
  const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

  before(async () => {
    fake = await startFakeN8n(['key-of-user-a', 'key-of-user-b']);
    pool = new McpPool({
      catalog: loadCatalog({}),
      callTimeoutMs: 20_000,
      idleMs: 60_000,
      maxPerServer: 3,
      allowPrivateHosts: true,
    });
  });
  after(async () => {
    await pool.close();
    await fake.close();
  });

  it('offers node knowledge and validation without credentials, and no instance tools', async () => {
    const names = (await pool.listTools('n8n', null)).map((t) => t.name);
    for (const name of ['search_nodes', 'get_node', 'validate_workflow']) assert.ok(names.includes(name), name);
    assert.deepEqual(
      names.filter((n) => n.startsWith('n8n_')),
      [],
    );
  });

  it('finds the Slack node', async () => {
    const result = await pool.callTool('n8n', null, 'search_nodes', { query: 'slack' });
    assert.equal(result.isError, false);
    const found = json(result.text).results as { workflowNodeType: string }[];
    assert.ok(found.some((r) => r.workflowNodeType === 'n8n-nodes-base.slack'));
  });

  it('validates a small workflow as valid and lists the errors of a broken one', async () => {
    const good = json((await pool.callTool('n8n', null, 'validate_workflow', { workflow })).text);
    assert.equal(good.valid, true);
    const bad = json((await pool.callTool('n8n', null, 'validate_workflow', { workflow: broken })).text);
    assert.equal(bad.valid, false);
    assert.ok((bad.errors as unknown[]).length > 0);
  });

  it("creates a workflow on the user's own instance with the user's own key", async () => {
    const tools = (await pool.listTools('n8n', userA())).map((t) => t.name);
    assert.ok(tools.includes('n8n_create_workflow'));
    const created = await pool.callTool('n8n', userA(), 'n8n_create_workflow', workflow);
    assert.equal(created.isError, false, created.text);
    assert.deepEqual(
      fake.workflows.map((w) => [w.name, w.createdWithKey]),
      [['Greeting', 'key-of-user-a']],
    );

    const createdB = await pool.callTool('n8n', userB(), 'n8n_create_workflow', { ...workflow, name: 'Of B' });
    assert.equal(createdB.isError, false, createdB.text);
    assert.deepEqual(
      fake.workflows.map((w) => [w.name, w.createdWithKey]),
      [
        ['Greeting', 'key-of-user-a'],
        ['Of B', 'key-of-user-b'],
      ],
    );
    assert.ok(
      fake.requests.every(
        (r) => r.apiKey === undefined || r.apiKey === 'key-of-user-a' || r.apiKey === 'key-of-user-b',
      ),
    );
    const pids = pool.connections('n8n').map((c) => c.pid);
    assert.equal(new Set(pids).size, 3, 'no credentials, user A and user B each have their own process');
  });

  it('never reaches the instance from the connection without credentials', async () => {
    const seen = fake.requests.length;
    const result = await pool.callTool('n8n', null, 'n8n_create_workflow', workflow);
    // n8n-mcp answers this with success:false rather than isError.
    assert.match(result.text, /n8n API not configured/);
    assert.equal(fake.requests.length, seen);
  });

  it('refuses a local instance address at use unless private hosts are allowed', async () => {
    const strict = new McpPool({
      catalog: loadCatalog({}),
      callTimeoutMs: 20_000,
      idleMs: 60_000,
      maxPerServer: 1,
      allowPrivateHosts: false,
    });
    try {
      await assert.rejects(
        strict.callTool('n8n', userA(), 'n8n_create_workflow', workflow),
        (e: Error) =>
          e instanceof McpUnavailableError &&
          /N8N_BASE_URL: the address points at a private or local network/.test(e.message) &&
          !e.message.includes('key-of-user-a'),
      );
      assert.deepEqual(strict.connections(), []);
    } finally {
      await strict.close();
    }
  });
});
