// The model planner builds through the same builder as the built-in team: a scripted model (the fake chat-completions
// server) finds nodes with n8n-mcp, adds and connects them with the workflow_* functions (a refused operation comes
// back with its reason), and the run validates the workflow, deploys it to the user's n8n, reports it as data and
// appends it to the answer; a follow-up edits the same workflow.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';
import {
  startFakeOpenAI,
  textReply,
  toolCallReply,
  type ChatRequest,
  type FakeOpenAI,
  type FakeReply,
} from './fakes/openai.ts';
import { startFakeN8n, type FakeN8n } from './fakes/n8n.ts';

const KEY = 'n8n_api_key_of_the_builder_user_0123';
const SCHEDULE = {
  type: 'n8n-nodes-base.scheduleTrigger',
  name: 'Every Monday',
  parameters: { rule: { interval: [{ field: 'weeks', weeksInterval: 1, triggerAtDay: [1], triggerAtHour: 8 }] } },
};
const SLACK = {
  type: 'n8n-nodes-base.slack',
  name: 'Post to #sales',
  parameters: {
    resource: 'message',
    operation: 'post',
    select: 'channel',
    channelId: { __rl: true, value: '#sales', mode: 'name' },
    text: 'Sales figures',
  },
};

/** The member's moves, one per round, chosen by how many tool results it has seen. */
const BUILD: Array<[string, Record<string, unknown>]> = [
  ['n8n__search_nodes', { query: 'slack', limit: 3 }],
  ['workflow_add_node', SCHEDULE],
  ['workflow_add_node', { type: 'n8n-nodes-base.slack', parameters: { channelName: '#sales' } }],
  ['workflow_add_node', SLACK],
  ['workflow_connect_nodes', { from: 'Every Monday', to: 'Post to #sales' }],
  ['workflow_validate', {}],
];
const EDIT: Array<[string, Record<string, unknown>]> = [
  ['workflow_get', {}],
  [
    'workflow_set_node_parameters',
    {
      node: 'Every Monday',
      parameters: { rule: { interval: [{ field: 'weeks', weeksInterval: 1, triggerAtDay: [1], triggerAtHour: 9 }] } },
    },
  ],
];

function script(request: ChatRequest): FakeReply {
  const system = String(request.messages[0]?.content);
  const results = request.messages.filter((m) => m.role === 'tool').length;
  const editing = request.messages.some((m) => /9am/.test(String(m.content)));
  if (system.startsWith('You coordinate')) {
    return results
      ? textReply('Here is the workflow: ', 'it posts the sales figures to #sales every Monday.')
      : toolCallReply('call_d', 'transfer_task_to_member', {
          member_id: 'workflow-architect',
          task: editing
            ? 'Make the workflow run at 9am instead'
            : 'Build: every Monday at 8am post the sales figures to #sales on Slack',
          expected_output: 'The built workflow',
        });
  }
  const moves = editing ? EDIT : BUILD;
  const move = moves[results];
  return move ? toolCallReply(`call_${results}`, move[0], move[1]) : textReply('Built with the workflow functions.');
}

describe('the model planner builds through the builder', () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let n8n: FakeN8n;
  let token: string;
  let teamId: string;
  before(async () => {
    fake = await startFakeOpenAI(script);
    n8n = await startFakeN8n([KEY]);
    server = await startTestServer({
      LLM_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test-key',
      ALLOW_PRIVATE_TOOL_HOSTS: 'true',
      FREE_CREDITS: '500',
    });
    teamId = server.ctx.config.TEAM_ID;
    token = await signIn(server, 'builder@example.com');
    const saved = await client(server, token).post('/credentials/mcp', {
      mcp_server_id: 'n8n',
      credentials: { N8N_BASE_URL: n8n.url, N8N_API_KEY: KEY },
    });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
  });
  after(async () => {
    await server.close();
    await fake.close();
    await n8n.close();
  });

  const chat = async (message: string, session_id?: string) => {
    const res = await client(server, token).post(`/teams/${teamId}/chat`, { message, session_id });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data as {
      session_id: string;
      content: string;
      tools: Array<{ tool_name: string; tool_call_error: boolean; result: string }>;
      workflow?: {
        workflow: { nodes: Array<{ name: string; type: string; parameters: Record<string, unknown> }> };
        url: string | null;
      };
    };
  };

  let sessionId = '';
  it('adds and connects nodes from their definitions, validates, creates the workflow in n8n and returns it as data', async () => {
    const reply = await chat('Every Monday at 8am post the sales figures to #sales on Slack');
    sessionId = reply.session_id;
    const wf = reply.workflow?.workflow;
    assert.deepEqual(
      wf?.nodes.map((n) => n.type),
      ['n8n-nodes-base.scheduleTrigger', 'n8n-nodes-base.slack'],
    );
    assert.match(reply.content, /^Here is the workflow: it posts the sales figures/);
    assert.match(
      reply.content,
      /### Validated\nn8n's validator \(`validate_workflow`\) checked all 2 nodes and 1 connection: no errors\./,
    );
    assert.match(reply.content, /```json\n/);
    const created = n8n.workflows.filter((w) => w.createdWithKey === KEY);
    assert.equal(created.length, 1);
    assert.equal(reply.workflow?.url, `${n8n.url}/workflow/${created[0]!.id}`);
    assert.ok(reply.tools.some((t) => t.tool_name === 'n8n_create_workflow' && !t.tool_call_error));
    assert.ok(!reply.content.includes(KEY) && !JSON.stringify(reply.tools).includes(KEY), 'the key never shows');
  });

  it('refuses an operation with the reason, and the model gets that reason back', async () => {
    const memberCalls = fake.requests.filter((r) => !String(r.messages[0]?.content).startsWith('You coordinate'));
    const refusal = memberCalls
      .flatMap((r) => r.messages)
      .find((m) => m.role === 'tool' && /has no parameter "channelName"/.test(String(m.content)));
    assert.ok(refusal, 'the refusal reached the model');
    assert.match(String(refusal.content), /its parameters are .*resource/);
  });

  it('edits the same workflow on a follow-up and updates it in n8n', async () => {
    const reply = await chat('Make it 9am instead', sessionId);
    const schedule = reply.workflow?.workflow.nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger');
    assert.equal(
      (schedule?.parameters.rule as { interval: Array<{ triggerAtHour: number }> }).interval[0]!.triggerAtHour,
      9,
    );
    assert.ok(
      reply.workflow?.workflow.nodes.some((n) => n.name === 'Post to #sales'),
      'the Slack step is still there',
    );
    assert.ok(reply.tools.some((t) => t.tool_name === 'n8n_update_full_workflow' && !t.tool_call_error));
    assert.equal(n8n.workflows.filter((w) => w.createdWithKey === KEY).length, 1, 'updated, not created again');
  });
});
