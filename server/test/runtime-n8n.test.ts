// The team on a user's own n8n: with saved n8n credentials the workflow is created (and updated on a follow-up)
// through n8n-mcp's instance tools on that user's n8n only; without them only the documentation tools are used.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';
import { startFakeN8n, type FakeN8n } from './fakes/n8n.ts';

const KEY_A = 'n8n_api_key_of_user_a_0123456789';
const KEY_B = 'n8n_api_key_of_user_b_9876543210';
const REQUEST = 'Every Monday at 8am post the sales figures to #sales on Slack';

describe("workflows created in the user's n8n", () => {
  let server: TestServer;
  let n8n: FakeN8n;
  let teamId: string;
  before(async () => {
    n8n = await startFakeN8n([KEY_A, KEY_B]);
    server = await startTestServer({ ALLOW_PRIVATE_TOOL_HOSTS: 'true', FREE_CREDITS: '500' });
    teamId = server.ctx.config.TEAM_ID;
  });
  after(async () => {
    await server.close();
    await n8n.close();
  });

  const chat = async (token: string, message: string, session_id?: string) => {
    const res = await client(server, token).post(`/teams/${teamId}/chat`, { message, session_id });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data as {
      session_id: string;
      content: string;
      tools: Array<{ tool_name: string; tool_call_error: boolean; tool_args: unknown; result: string }>;
    };
  };
  const names = (tools: Array<{ tool_name: string }>) => tools.map((t) => t.tool_name);

  it('uses only the documentation tools without credentials, and offers to create the workflow once they are saved', async () => {
    const token = await signIn(server, 'no-creds@example.com');
    const reply = await chat(token, REQUEST);
    assert.ok(names(reply.tools).includes('search_nodes'));
    assert.ok(names(reply.tools).includes('validate_workflow'));
    assert.ok(!names(reply.tools).some((n) => n.startsWith('n8n_')), names(reply.tools).join());
    assert.match(reply.content, /Save your n8n credentials/);
    assert.equal(n8n.requests.length, 0);
  });

  it("creates the workflow inactive in the user's own n8n and links to it, without the key ever showing", async () => {
    const token = await signIn(server, 'user-a@example.com');
    const api = client(server, token);
    const saved = await api.post('/credentials/mcp', {
      mcp_server_id: 'n8n',
      credentials: { N8N_BASE_URL: n8n.url, N8N_API_KEY: KEY_A },
    });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    const reply = await chat(token, REQUEST);
    const create = reply.tools.find((t) => t.tool_name === 'n8n_create_workflow');
    assert.ok(create, names(reply.tools).join());
    assert.equal(create.tool_call_error, false, create.result);
    const created = n8n.workflows.filter((w) => w.createdWithKey === KEY_A);
    assert.equal(created.length, 1);
    assert.equal(created[0]!.active, false);
    assert.deepEqual(
      created[0]!.nodes.map((n) => (n as { type: string }).type),
      ['n8n-nodes-base.scheduleTrigger', 'n8n-nodes-base.slack'],
    );
    assert.ok(
      reply.content.includes(`[Open in n8n](${n8n.url}/workflow/${created[0]!.id})`),
      reply.content.slice(-600),
    );

    const stored = await api.get(`/teams/sessions/${reply.session_id}/messages`);
    for (const text of [JSON.stringify(reply), JSON.stringify(stored.body)])
      assert.ok(!text.includes(KEY_A), 'the API key never leaves the tool server');

    const edited = await chat(token, 'make it 9am instead', reply.session_id);
    assert.ok(names(edited.tools).includes('n8n_update_full_workflow'), names(edited.tools).join());
    assert.equal(
      n8n.workflows.filter((w) => w.createdWithKey === KEY_A).length,
      1,
      'the follow-up updates the same workflow',
    );
    const rule = (created[0]!.nodes[0] as { parameters: { rule: { interval: Array<{ triggerAtHour: number }> } } })
      .parameters.rule.interval[0]!;
    assert.equal(rule.triggerAtHour, 9);
    assert.match(edited.content, /I updated the workflow in your n8n/);
  });

  it("never uses one user's n8n key for another user's run", async () => {
    const token = await signIn(server, 'user-b@example.com');
    await client(server, token).post('/credentials/mcp', {
      mcp_server_id: 'n8n',
      credentials: { N8N_BASE_URL: n8n.url, N8N_API_KEY: KEY_B },
    });
    const before = n8n.requests.length;
    await chat(token, 'When a webhook receives an order, append it to Google Sheets');
    const theirs = n8n.requests.slice(before);
    assert.ok(theirs.length > 0);
    assert.ok(
      theirs.every((r) => r.apiKey === KEY_B),
      JSON.stringify(theirs),
    );
    assert.equal(n8n.workflows.filter((w) => w.createdWithKey === KEY_B).length, 1);
  });

  it('still builds and validates when the saved n8n cannot be reached, and says why it was not created', async () => {
    const token = await signIn(server, 'unreachable@example.com');
    await client(server, token).post('/credentials/mcp', {
      mcp_server_id: 'n8n',
      credentials: { N8N_BASE_URL: 'http://127.0.0.1:9', N8N_API_KEY: KEY_A },
    });
    const reply = await chat(token, REQUEST);
    assert.ok(names(reply.tools).includes('validate_workflow'));
    assert.match(reply.content, /```json/);
  });
});
