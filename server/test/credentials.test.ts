import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { mcpCredentials } from '../src/db/schema.ts';
import {
  MASK_PREFIX,
  getDecryptedCredentials,
  missingCredentialServers,
  userHasCredentials,
} from '../src/credentials/service.ts';
import { createSealer } from '../src/credentials/sealing.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createServer } from '../src/server.ts';
import { client, startTestServer, type TestServer } from './helpers.ts';
import { createUser } from './fixtures/knowledge/users.ts';

const N8N_KEY = 'n8n_api_0123456789abcdef';
const n8n = { N8N_BASE_URL: 'https://n8n.example.com', N8N_API_KEY: N8N_KEY };

describe('MCP credentials and catalogues', () => {
  let server: TestServer;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  const n8nCredential = async (api: ReturnType<typeof client>) =>
    (await api.get('/credentials/mcp')).body.data.credentials.find(
      (c: { mcp_server_id: string }) => c.mcp_server_id === 'n8n',
    );
  const rows = async () => server.ctx.db.select().from(mcpCredentials).orderBy(mcpCredentials.id);

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice@example.com');
    bob = await createUser(server, 'bob@example.com');
  });
  after(() => server.close());

  it('answers 401 on every endpoint without a token', async () => {
    const anon = client(server);
    for (const [method, url] of [
      ['GET', '/credentials/mcp/servers'],
      ['GET', '/agents/tools/available'],
      ['GET', '/agents/mcp/servers/available'],
      ['GET', '/credentials/mcp'],
      ['POST', '/credentials/mcp'],
      ['PUT', '/credentials/mcp/x'],
      ['DELETE', '/credentials/mcp/x'],
    ] as const) {
      const res = await anon.raw(method, url, method === 'POST' || method === 'PUT' ? {} : undefined);
      assert.equal(res.status, 401, `${method} ${url}`);
    }
  });

  it('lists the MCP servers with their credential fields', async () => {
    const res = await client(server, alice.token).get('/credentials/mcp/servers');
    assert.equal(res.status, 200);
    const ids = res.body.data.servers.map((s: { id: string }) => s.id);
    for (const id of ['n8n', 'github', 'slack', 'google_sheets']) assert.ok(ids.includes(id), id);
    const n8nServer = res.body.data.servers.find((s: { id: string }) => s.id === 'n8n');
    assert.equal(n8nServer.requires_credentials, true);
    assert.deepEqual(
      n8nServer.credential_fields.map((f: { key: string; type: string }) => [f.key, f.type]),
      [
        ['N8N_BASE_URL', 'url'],
        ['N8N_API_KEY', 'token'],
      ],
    );
  });

  it("lists the regular tools that work here, including the browser behind the Agent's Computer", async () => {
    const res = await client(server, alice.token).get('/agents/tools/available');
    assert.equal(res.status, 200);
    const tools = res.body.data.available_tools;
    for (const name of ['n8n_docs', 'calculator', 'file', 'browser', 'http_request']) {
      assert.equal(typeof tools[name].description, 'string', name);
      assert.ok(tools[name].functions.length > 0, name);
    }
  });

  it('lists what this deployment cannot provide apart, with the reason', async () => {
    const res = await client(server, alice.token).get('/agents/tools/available');
    const { available_tools: tools, unavailable_tools: missing } = res.body.data;
    for (const name of ['email', 'python', 'duckduckgo']) assert.ok(!(name in tools), name);
    assert.deepEqual(
      Object.fromEntries(Object.entries(missing).map(([name, t]) => [name, (t as { reason: string }).reason])),
      {
        email: 'e-mail: set SMTP_URL',
        python: 'code: not available (this deployment has no code sandbox)',
        duckduckgo: 'web search: no search provider is configured (n8n_docs searches the n8n documentation)',
      },
    );
    assert.equal(missing.email.description, "Send e-mails on the user's behalf.");
  });

  it('lists the available MCP servers with a tool configuration example', async () => {
    const res = await client(server, alice.token).get('/agents/mcp/servers/available');
    assert.equal(res.status, 200);
    const github = res.body.data.available_mcp_servers.github;
    assert.equal(github.name, 'GitHub');
    assert.equal(github.requires_credentials, true);
    assert.deepEqual(github.tool_config_example.server_ids, ['github']);
    assert.equal(github.tool_config_example.type, 'mcp');
    assert.equal(github.credential_fields, undefined);
  });

  it('lists catalogue servers without a connection apart, with the reason', async () => {
    const res = await client(server, alice.token).get('/agents/mcp/servers/available');
    const { available_mcp_servers: servers, unavailable_mcp_servers: missing } = res.body.data;
    assert.deepEqual(Object.keys(servers).sort(), ['github', 'n8n']);
    assert.deepEqual(Object.keys(missing).sort(), ['fetch', 'google_sheets', 'slack']);
    assert.equal(missing.slack.name, 'Slack');
    assert.equal(missing.slack.reason, 'Slack: no server is connected in this deployment');
  });

  it('creates a credential, masks the token and keeps only a sealed value in the database', async () => {
    const res = await client(server, alice.token).post('/credentials/mcp', { mcp_server_id: 'n8n', credentials: n8n });
    assert.equal(res.status, 201);
    assert.equal(res.body.data.mcp_server_id, 'n8n');
    assert.equal(res.body.data.server_name, 'n8n');
    assert.deepEqual(res.body.data.configured_fields, {
      N8N_BASE_URL: 'https://n8n.example.com',
      N8N_API_KEY: `${MASK_PREFIX}cdef`,
    });
    const [row] = await server.ctx.db.select().from(mcpCredentials).where(eq(mcpCredentials.id, res.body.data.id));
    assert.ok(row);
    assert.ok(!JSON.stringify(row).includes(N8N_KEY));
    assert.ok(!JSON.stringify(row).includes('n8n.example.com'));
    assert.deepEqual(await getDecryptedCredentials(server.ctx, alice.id, 'n8n'), n8n);

    const list = await client(server, alice.token).get('/credentials/mcp');
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.credentials.map((c: { id: string }) => c.id),
      [res.body.data.id],
    );
    assert.ok(!JSON.stringify(list.body).includes(N8N_KEY));
    assert.deepEqual((await client(server, bob.token).get('/credentials/mcp')).body.data.credentials, []);
  });

  it('answers 409 for a second credential of the same server', async () => {
    const before = await rows();
    const res = await client(server, alice.token).post('/credentials/mcp', { mcp_server_id: 'n8n', credentials: n8n });
    assert.equal(res.status, 409);
    assert.deepEqual(await rows(), before);
  });

  it('fully masks short secrets', async () => {
    const res = await client(server, bob.token).post('/credentials/mcp', {
      mcp_server_id: 'slack',
      credentials: { SLACK_BOT_TOKEN: 'xoxb-123', SLACK_TEAM_ID: 'T0123' },
    });
    assert.equal(res.status, 201);
    assert.deepEqual(res.body.data.configured_fields, { SLACK_BOT_TOKEN: MASK_PREFIX, SLACK_TEAM_ID: 'T0123' });
  });

  it('rejects malformed credentials with 422 and stores nothing', async () => {
    const api = client(server, alice.token);
    const before = await rows();
    const bad: unknown[] = [
      { mcp_server_id: 'nope', credentials: { X: 'y' } },
      { mcp_server_id: 'github', credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x', EXTRA: 'y' } },
      { mcp_server_id: 'github', credentials: {} },
      { mcp_server_id: 'github', credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: '   ' } },
      { mcp_server_id: 'github', credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: 12345 } },
      { mcp_server_id: 'github', credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: null } },
      { mcp_server_id: 'github', credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: 'x'.repeat(10_001) } },
      { mcp_server_id: 'github', credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: 'a\u0000b' } },
      { mcp_server_id: 'github', credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: `${MASK_PREFIX}abcd` } },
      { mcp_server_id: 'github', credentials: ['ghp_x'] },
      { mcp_server_id: 'github', credentials: 'ghp_x' },
      { mcp_server_id: 'github' },
      { credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x' } },
      { mcp_server_id: 42, credentials: {} },
      { mcp_server_id: 'x'.repeat(100_000), credentials: {} },
      { mcp_server_id: 'slack', credentials: { SLACK_TEAM_ID: 'T1' } },
      { mcp_server_id: 'google_sheets', credentials: {} },
      { mcp_server_id: 'n8n', credentials: { ...n8n, N8N_BASE_URL: 'javascript:alert(1)' } },
      [],
    ];
    for (const body of bad) {
      const res = await api.post('/credentials/mcp', body);
      assert.equal(res.status, 422, JSON.stringify(body).slice(0, 120));
      assert.equal(typeof res.body.detail, 'string');
    }
    const bare = await api.raw('POST', '/credentials/mcp', '{not json', { 'content-type': 'application/json' });
    assert.equal(bare.status, 400);
    const text = await api.raw('POST', '/credentials/mcp', 'github', { 'content-type': 'text/plain' });
    assert.equal(text.status, 422);
    assert.deepEqual(await rows(), before);
  });

  it('accepts a credential at exactly 10,000 characters', async () => {
    const res = await client(server, alice.token).post('/credentials/mcp', {
      mcp_server_id: 'github',
      credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: 'g'.repeat(10_000) },
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.data.configured_fields.GITHUB_PERSONAL_ACCESS_TOKEN, `${MASK_PREFIX}gggg`);
  });

  it('keeps the stored secret when an update sends the masked value back', async () => {
    const api = client(server, alice.token);
    const cred = await n8nCredential(api);
    const res = await api.put(`/credentials/mcp/${cred.id}`, {
      credentials: { ...cred.configured_fields, N8N_BASE_URL: 'https://n8n.internal.example' },
      is_active: true,
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.configured_fields.N8N_BASE_URL, 'https://n8n.internal.example');
    assert.deepEqual(await getDecryptedCredentials(server.ctx, alice.id, 'n8n'), {
      N8N_BASE_URL: 'https://n8n.internal.example',
      N8N_API_KEY: N8N_KEY,
    });
  });

  it('hides user name, password and query secrets of URL fields and keeps the stored URL when the mask comes back', async () => {
    const carol = await createUser(server, 'carol-url@example.com');
    const api = client(server, carol.token);
    const secretUrl = 'https://admin:hunter2pass@n8n.example.com/base?api_key=abc123secret&team=sales';
    const masked = `https://${MASK_PREFIX}@n8n.example.com/base?api_key=${MASK_PREFIX}&team=sales`;
    const created = await api.post('/credentials/mcp', {
      mcp_server_id: 'n8n',
      credentials: { ...n8n, N8N_BASE_URL: secretUrl },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.data.configured_fields.N8N_BASE_URL, masked);
    const list = await api.get('/credentials/mcp');
    for (const body of [JSON.stringify(created.body), JSON.stringify(list.body)]) {
      assert.doesNotMatch(body, /hunter2pass|abc123secret|admin:/);
    }
    const cred = await n8nCredential(api);
    const kept = await api.put(`/credentials/mcp/${cred.id}`, { credentials: cred.configured_fields, is_active: true });
    assert.equal(kept.status, 200);
    assert.equal((await getDecryptedCredentials(server.ctx, carol.id, 'n8n'))?.N8N_BASE_URL, secretUrl);
    const edited = await api.put(`/credentials/mcp/${cred.id}`, {
      credentials: { ...cred.configured_fields, N8N_BASE_URL: masked.replace('sales', 'ops') },
      is_active: true,
    });
    assert.equal(edited.status, 422);
    assert.equal((await getDecryptedCredentials(server.ctx, carol.id, 'n8n'))?.N8N_BASE_URL, secretUrl);
  });

  it('replaces the secret when an update sends a new value', async () => {
    const api = client(server, alice.token);
    const cred = await n8nCredential(api);
    const res = await api.put(`/credentials/mcp/${cred.id}`, {
      credentials: { N8N_BASE_URL: 'https://n8n.example.com', N8N_API_KEY: 'n8n_api_new_key_9876' },
      is_active: true,
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.configured_fields.N8N_API_KEY, `${MASK_PREFIX}9876`);
    assert.equal((await getDecryptedCredentials(server.ctx, alice.id, 'n8n'))?.N8N_API_KEY, 'n8n_api_new_key_9876');
  });

  it('answers 404, 403 and 422 on update and changes nothing', async () => {
    const api = client(server, alice.token);
    const cred = await n8nCredential(api);
    const before = await rows();
    const good = { credentials: n8n, is_active: true };
    assert.equal((await api.put('/credentials/mcp/00000000-0000-0000-0000-000000000000', good)).status, 404);
    assert.equal((await api.put(`/credentials/mcp/${'z'.repeat(500)}`, good)).status, 414);
    assert.equal((await client(server, bob.token).put(`/credentials/mcp/${cred.id}`, good)).status, 403);
    for (const body of [
      {},
      { credentials: { ...n8n, N8N_API_KEY: `${MASK_PREFIX}zzzz` }, is_active: 'yes' },
      { credentials: { N8N_BASE_URL: 'https://n8n.example.com' } },
      { credentials: { ...n8n, OTHER: 'x' } },
      { credentials: { ...n8n, N8N_API_KEY: 7 } },
      { credentials: null },
    ]) {
      assert.equal((await api.put(`/credentials/mcp/${cred.id}`, body)).status, 422, JSON.stringify(body));
    }
    assert.deepEqual(await rows(), before);
  });

  it('reports missing credentials for inactive and absent servers only', async () => {
    const api = client(server, alice.token);
    const cred = await n8nCredential(api);
    assert.equal(await userHasCredentials(server.ctx, alice.id, 'n8n'), true);
    assert.deepEqual(
      await missingCredentialServers(server.ctx, alice.id, ['n8n', 'slack', 'fetch', 'unknown', 'slack', 'github']),
      ['slack'],
    );
    const off = await api.put(`/credentials/mcp/${cred.id}`, { credentials: cred.configured_fields, is_active: false });
    assert.equal(off.status, 200);
    assert.equal(off.body.data.is_active, false);
    assert.equal(await userHasCredentials(server.ctx, alice.id, 'n8n'), false);
    assert.equal(await getDecryptedCredentials(server.ctx, alice.id, 'n8n'), null);
    assert.deepEqual(await missingCredentialServers(server.ctx, alice.id, ['n8n']), ['n8n']);
    assert.deepEqual(await missingCredentialServers(server.ctx, bob.id, []), []);
  });

  it('answers 422, not a crash, for server ids that are Object property names', async () => {
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await client(server, bob.token).post('/credentials/mcp', { mcp_server_id: id, credentials: {} });
      assert.equal(res.status, 422, id);
    }
    assert.deepEqual(await missingCredentialServers(server.ctx, bob.id, ['constructor', 'toString']), []);
  });

  it('creates one credential when the same server is posted concurrently', async () => {
    const carol = await createUser(server, 'carol@example.com');
    const api = client(server, carol.token);
    const body = { mcp_server_id: 'github', credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_concurrent_1234' } };
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => api.post('/credentials/mcp', body)))).map(
      (r) => r.status,
    );
    assert.deepEqual(statuses.sort(), [201, 409, 409, 409, 409]);
    assert.equal((await api.get('/credentials/mcp')).body.data.credentials.length, 1);
  });

  it('treats a credential sealed under another key as missing and lets the user enter it again', async () => {
    const dave = await createUser(server, 'dave@example.com');
    const api = client(server, dave.token);
    const created = await api.post('/credentials/mcp', { mcp_server_id: 'n8n', credentials: n8n });
    const foreign = createSealer(Buffer.alloc(32, 7)).seal(JSON.stringify(n8n), `${dave.id}\nn8n`);
    await server.ctx.db
      .update(mcpCredentials)
      .set({ secret: foreign })
      .where(eq(mcpCredentials.id, created.body.data.id));
    const list = await api.get('/credentials/mcp');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.credentials[0].configured_fields, {});
    assert.equal(await userHasCredentials(server.ctx, dave.id, 'n8n'), false);
    assert.deepEqual(await missingCredentialServers(server.ctx, dave.id, ['n8n']), ['n8n']);
    const masked = await api.put(`/credentials/mcp/${created.body.data.id}`, {
      credentials: { ...n8n, N8N_API_KEY: `${MASK_PREFIX}cdef` },
      is_active: true,
    });
    assert.equal(masked.status, 422);
    assert.match(masked.body.detail, /N8N_API_KEY: the stored value is not available; enter it again/);
    const fixed = await api.put(`/credentials/mcp/${created.body.data.id}`, { credentials: n8n, is_active: true });
    assert.equal(fixed.status, 200);
    assert.deepEqual(await getDecryptedCredentials(server.ctx, dave.id, 'n8n'), n8n);
  });

  it('never answers 500 to generated bodies and stores only what it accepts', async () => {
    const erin = await createUser(server, 'erin@example.com');
    const api = client(server, erin.token);
    const json = { 'content-type': 'application/json' };
    const key = fc.constantFrom(
      'N8N_API_KEY',
      'N8N_BASE_URL',
      'GITHUB_PERSONAL_ACCESS_TOKEN',
      'SLACK_BOT_TOKEN',
      '__proto__',
    );
    const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constant('\ud800'), fc.jsonValue());
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          mcp_server_id: fc.oneof(
            fc.constantFrom('n8n', 'github', 'slack', 'google_sheets', 'fetch', 'valueOf'),
            fc.string(),
          ),
          credentials: fc.oneof(fc.dictionary(fc.oneof(key, fc.string()), value), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await api.raw('POST', '/credentials/mcp', JSON.stringify(payload), json);
        assert.ok([201, 400, 422].includes(res.status), `${res.status} ${JSON.stringify(payload)}`);
        const stored = (await api.get('/credentials/mcp')).body.data.credentials;
        assert.equal(stored.length, res.status === 201 ? 1 : 0);
        if (res.status === 201) {
          const update = await api.raw('PUT', `/credentials/mcp/${res.body.data.id}`, JSON.stringify(payload), json);
          assert.ok([200, 422].includes(update.status), `${update.status}`);
          assert.equal((await api.delete(`/credentials/mcp/${res.body.data.id}`)).status, 200);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("deletes only the owner's credential", async () => {
    const api = client(server, alice.token);
    const cred = await n8nCredential(api);
    assert.equal((await client(server, bob.token).delete(`/credentials/mcp/${cred.id}`)).status, 403);
    assert.equal((await api.delete('/credentials/mcp/00000000-0000-0000-0000-000000000000')).status, 404);
    const res = await api.delete(`/credentials/mcp/${cred.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.id, cred.id);
    assert.equal((await api.delete(`/credentials/mcp/${cred.id}`)).status, 404);
    assert.equal(await userHasCredentials(server.ctx, alice.id, 'n8n'), false);
  });

  it('generates the key file once with mode 0600', async () => {
    const file = path.join(server.dataDir, 'credentials.key');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
  });
});

describe('credential key and catalogue configuration', () => {
  /** Start-up with a bad setting must fail; the database is opened here so it is closed even then. */
  const startFails = async (env: Record<string, string>, message: RegExp) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ats-start-'));
    const database = await openDatabase({});
    try {
      await assert.rejects(
        createServer(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, ...env }), { database }),
        message,
      );
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('refuses to start with a CREDENTIALS_KEY of the wrong length', async () => {
    await startFails(
      { CREDENTIALS_KEY: Buffer.alloc(16).toString('base64') },
      /CREDENTIALS_KEY must be a 32-byte key.*16 bytes/,
    );
    await startFails({ CREDENTIALS_KEY: 'not a key!' }, /CREDENTIALS_KEY must be a 32-byte key/);
  });

  it('uses a hex CREDENTIALS_KEY and writes no key file', async () => {
    const server = await startTestServer({ CREDENTIALS_KEY: 'ab'.repeat(32) });
    try {
      const user = await createUser(server, 'hex@example.com');
      const res = await client(server, user.token).post('/credentials/mcp', {
        mcp_server_id: 'github',
        credentials: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_hexkeysecret' },
      });
      assert.equal(res.status, 201);
      await assert.rejects(stat(path.join(server.dataDir, 'credentials.key')), { code: 'ENOENT' });
    } finally {
      await server.close();
    }
  });

  it('cannot open a sealed value with another key, another owner or after tampering', () => {
    const sealer = createSealer(Buffer.alloc(32, 1));
    const sealed = sealer.seal('secret', 'u1\nn8n');
    assert.equal(sealer.open(sealed, 'u1\nn8n'), 'secret');
    assert.throws(() => createSealer(Buffer.alloc(32, 2)).open(sealed, 'u1\nn8n'));
    assert.throws(() => sealer.open(sealed, 'u2\nn8n'));
    assert.throws(() => sealer.open(`${sealed.slice(0, -4)}AAAA`, 'u1\nn8n'));
  });

  it('reads the catalogue from CATALOG_FILE and rejects an invalid one at start-up', async (t) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ats-catalog-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'catalog.json');
    const broken = path.join(dir, 'broken.json');
    await writeFile(
      file,
      JSON.stringify({
        mcp_servers: {
          jira: {
            name: 'Jira',
            description: 'Issues',
            requires_credentials: true,
            credential_fields: [{ key: 'JIRA_TOKEN', name: 'Token', type: 'token' }],
            tool_config_example: { type: 'mcp', server_ids: ['jira'] },
          },
        },
        tools: { calculator: { description: 'Maths', functions: ['add'] } },
      }),
    );
    await writeFile(broken, JSON.stringify({ mcp_servers: { x: { name: '' } }, tools: {} }));
    const custom = await startTestServer({ CATALOG_FILE: file });
    try {
      const user = await createUser(custom, 'cat@example.com');
      const res = await client(custom, user.token).get('/credentials/mcp/servers');
      assert.deepEqual(
        res.body.data.servers.map((s: { id: string }) => s.id),
        ['jira'],
      );
      assert.equal(res.body.data.servers[0].credential_fields[0].required, true);
    } finally {
      await custom.close();
    }
    await startFails({ CATALOG_FILE: broken }, /broken\.json is invalid/);
    await startFails({ CATALOG_FILE: path.join(dir, 'missing.json') }, /missing\.json could not be read/);
  });
});
