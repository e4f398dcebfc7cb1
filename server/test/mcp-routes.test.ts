import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/config.ts';
import { classifyUrl, isPublicAddress } from '../src/mcp/addressGuard.ts';
import { client, startTestServer, type TestServer } from './helpers.ts';
import { createUser } from './fixtures/knowledge/users.ts';

const PRIVATE_URLS = [
  'http://127.0.0.1:5678',
  'http://10.0.0.5',
  'http://169.254.169.254/latest/meta-data',
  'http://[::1]:5678',
  'http://localhost:5678',
];
const n8n = (url: string) => ({
  mcp_server_id: 'n8n',
  credentials: { N8N_BASE_URL: url, N8N_API_KEY: 'n8n_api_0123456789abcdef' },
});

describe('the private-address rule', () => {
  it('classifies literal addresses in every spelling the URL parser accepts', async () => {
    for (const url of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://192.168.1.10/',
      'http://[fe80::1]/',
      'http://app.localhost/',
      'http://[::]/',
    ]) {
      assert.equal(await classifyUrl(url), 'private', url);
    }
    assert.equal(await classifyUrl('https://8.8.8.8/'), 'public');
    assert.equal(await classifyUrl('https://[2606:4700::1111]/'), 'public');
    assert.equal(isPublicAddress('not an address'), false);
  });

  it('rejects an ALLOW_PRIVATE_TOOL_HOSTS that is not a yes or no', () => {
    assert.throws(() => loadConfig({ ALLOW_PRIVATE_TOOL_HOSTS: 'maybe' }), /ALLOW_PRIVATE_TOOL_HOSTS/);
    assert.equal(loadConfig({}).ALLOW_PRIVATE_TOOL_HOSTS, false);
    assert.equal(loadConfig({ ALLOW_PRIVATE_TOOL_HOSTS: 'true' }).ALLOW_PRIVATE_TOOL_HOSTS, true);
  });
});

describe('credentials with private addresses', () => {
  let strict: TestServer;
  let open: TestServer;
  before(async () => {
    [strict, open] = await Promise.all([startTestServer(), startTestServer({ ALLOW_PRIVATE_TOOL_HOSTS: 'true' })]);
  });
  after(async () => {
    await Promise.all([strict.close(), open.close()]);
  });

  it('answers 422 for a private or local n8n address by default, and saves nothing', async () => {
    const api = client(strict, (await createUser(strict, 'strict@example.com')).token);
    for (const url of PRIVATE_URLS) {
      const res = await api.post('/credentials/mcp', n8n(url));
      assert.equal(res.status, 422, url);
      assert.equal(res.body.detail, 'credentials.N8N_BASE_URL: the address points at a private or local network');
    }
    assert.deepEqual((await api.get('/credentials/mcp')).body.data.credentials, []);
  });

  it('checks an update too, and never shows a user name or password in the address', async () => {
    const api = client(strict, (await createUser(strict, 'update@example.com')).token);
    const created = await api.post('/credentials/mcp', n8n('https://8.8.8.8'));
    assert.equal(created.status, 201);
    const moved = await api.put(`/credentials/mcp/${created.body.data.id}`, {
      ...n8n('http://10.1.2.3'),
      is_active: true,
    });
    assert.equal(moved.status, 422);
    assert.match(moved.body.detail, /private or local network/);
    const userinfo = await api.put(`/credentials/mcp/${created.body.data.id}`, {
      ...n8n('https://admin:pw@n8n.example.com'),
      is_active: true,
    });
    assert.equal(userinfo.status, 200);
    const [stored] = (await api.get('/credentials/mcp')).body.data.credentials;
    assert.doesNotMatch(JSON.stringify(stored), /admin|:pw@/);
  });

  it('accepts them when the operator sets ALLOW_PRIVATE_TOOL_HOSTS=true', async () => {
    const api = client(open, (await createUser(open, 'open@example.com')).token);
    for (const url of PRIVATE_URLS) {
      const res = await api.post('/credentials/mcp', n8n(url));
      assert.equal(res.status, 201, url);
      assert.equal((await api.delete(`/credentials/mcp/${res.body.data.id}`)).status, 200);
    }
  });

  it("lists each MCP server's tool names: n8n's without credentials, none where credentials are missing", async () => {
    const api = client(strict, (await createUser(strict, 'tools@example.com')).token);
    const res = await api.get('/agents/mcp/servers/available');
    assert.equal(res.status, 200);
    const servers = res.body.data.available_mcp_servers;
    for (const name of ['search_nodes', 'get_node', 'validate_workflow'])
      assert.ok(servers.n8n.tools.includes(name), name);
    assert.equal(
      servers.n8n.tools.some((t: string) => t.startsWith('n8n_')),
      false,
    );
    assert.deepEqual(servers.github.tools, []);
    assert.equal(servers.fetch, undefined, 'a server with no connection is listed as unavailable');
  });
});
