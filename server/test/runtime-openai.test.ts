// The OpenAI-compatible engine against a local fake chat-completions server: delegation, tools, streaming, provider errors.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import type { StreamFrame, Team } from '../../contract/types.ts';
import { createOpenAIEngine } from '../src/runtime/openai/engine.ts';
import { ProviderError, type RunEvent, type ToolServices } from '../src/runtime/types.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';
import { poolServices, realPool } from '../bench/workflowQuality.ts';
import {
  startFakeOpenAI,
  textReply,
  toolCallReply,
  type ChatRequest,
  type FakeOpenAI,
  type FakeReply,
} from './fakes/openai.ts';

const FINAL = ['## Your workflow\n', 'A **Schedule Trigger** ', 'starts it every day.'];

/** Coordinator: delegate once, then answer. Member: search once, then report. Decided by what the request holds. */
function teamScript(request: ChatRequest): FakeReply {
  const coordinator = String(request.messages[0]?.content).startsWith('You coordinate');
  const hasToolResult = request.messages.some((m) => m.role === 'tool');
  if (coordinator) {
    return hasToolResult
      ? textReply(...FINAL)
      : toolCallReply('call_delegate_1', 'transfer_task_to_member', {
          member_id: 'researcher',
          task: 'Find the schedule node',
          expected_output: 'Node name',
        });
  }
  return hasToolResult
    ? textReply('The Schedule Trigger node ', 'fits.')
    : toolCallReply('call_search_1', 'search_n8n_docs', { query: 'schedule trigger' });
}

const TEAM: Team = {
  id: 'a'.repeat(24),
  name: 'Fake Team',
  description: 'Builds workflows.',
  is_public: true,
  model_id: 'gpt-4o',
  owner_id: null,
  members: [],
  config: {
    mode: 'coordinate',
    model_id: 'gpt-4o',
    instructions: 'Delegate research.',
    markdown: true,
    enable_team_history: false,
    num_history_runs: 3,
    share_member_interactions: false,
    show_members_responses: false,
    reasoning: false,
    reasoning_min_steps: 1,
    reasoning_max_steps: 10,
    debug_mode: false,
    monitoring: false,
    telemetry: true,
    members: [
      {
        name: 'Researcher',
        role: 'Looks things up',
        type: 'agent',
        agent_config: { model_id: 'gpt-4o-mini', tools: [{ type: 'n8n_docs' }] },
      },
    ],
  },
};

const services = (charged: string[] = []): ToolServices => ({
  hasCredentials: async () => true,
  // n8n-mcp as the documentation search reads it: its search_nodes tool and an answer of its shape.
  mcpTools: async () => [{ name: 'search_nodes', description: 'Search n8n nodes', inputSchema: { type: 'object' } }],
  callMcp: async (_server, tool, args) =>
    tool === 'search_nodes'
      ? {
          text: JSON.stringify({
            query: args.query,
            results: [
              {
                nodeType: 'nodes-base.scheduleTrigger',
                workflowNodeType: 'n8n-nodes-base.scheduleTrigger',
                displayName: 'Schedule Trigger',
                description: 'Triggers the workflow on a given schedule',
              },
            ],
          }),
          isError: false,
        }
      : { text: '', isError: true },
  credentialLink: async () => null,
  credentialProblem: async () => null,
  serverName: (id) => id,
  searchKnowledge: async () => [],
  chargeToolCall: async (name) => {
    charged.push(name);
  },
});

async function collect(engine: ReturnType<typeof createOpenAIEngine>, svc = services()): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  const input = {
    runId: 'run-1',
    team: TEAM,
    userId: 'u1',
    message: 'Every day at 9am ping me',
    files: [],
    history: [],
    earlierRequests: [],
    lastReply: null,
    previous: null,
  };
  for await (const e of engine.run(input, { services: svc, signal: new AbortController().signal, streamDelayMs: 0 }))
    events.push(e);
  return events;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('OpenAI-compatible engine', () => {
  let fake: FakeOpenAI;
  before(async () => {
    fake = await startFakeOpenAI(teamScript);
  });
  after(() => fake.close());

  it("delegates through transfer_task_to_member, runs the member's tools and streams the answer", async () => {
    fake.requests.length = 0;
    const charged: string[] = [];
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 });
    const events = await collect(engine, services(charged));
    const kinds = events.map((e) =>
      e.kind === 'tool_started' || e.kind === 'tool_completed' ? `${e.kind}:${e.call.tool_name}` : e.kind,
    );
    assert.deepEqual(kinds, [
      'tool_started:transfer_task_to_member',
      'tool_started:search_n8n_docs',
      'tool_completed:search_n8n_docs',
      'member_response',
      'tool_completed:transfer_task_to_member',
      'text',
      'text',
      'text',
    ]);
    assert.deepEqual(
      events.filter((e) => e.kind === 'text').map((e) => (e as { delta: string }).delta),
      FINAL,
    );
    const member = events.find((e) => e.kind === 'member_response');
    assert.equal(member?.kind === 'member_response' && member.response.content, 'The Schedule Trigger node fits.');
    assert.equal(member?.kind === 'member_response' && member.response.model, 'gpt-4o-mini');
    const search = events.find((e) => e.kind === 'tool_completed' && e.call.tool_name === 'search_n8n_docs');
    assert.equal(search?.kind === 'tool_completed' && search.call.tool_call_id, 'call_search_1');
    assert.deepEqual(search?.kind === 'tool_completed' && search.call.tool_args, { query: 'schedule trigger' });
    assert.match(String(search?.kind === 'tool_completed' && search.call.result), /Schedule Trigger/);
    assert.deepEqual(charged, ['search_n8n_docs'], 'member tools are paid for, delegation is not');

    assert.equal(fake.requests.length, 4);
    const [first, memberFirst, memberSecond, last] = fake.requests;
    assert.equal(first!.authorization, 'Bearer sk-test');
    assert.equal(first!.stream, true);
    assert.equal(first!.model, 'gpt-4o');
    assert.deepEqual(
      first!.tools?.map((t) => t.function.name),
      ['transfer_task_to_member'],
    );
    assert.match(String(first!.messages[0]!.content), /researcher: Researcher/);
    assert.equal(memberFirst!.model, 'gpt-4o-mini');
    assert.deepEqual(
      memberFirst!.tools?.map((t) => t.function.name),
      ['search_n8n_docs'],
    );
    assert.equal(memberFirst!.messages.at(-1)!.content, 'Find the schedule node');
    assert.equal(memberSecond!.messages.at(-1)!.role, 'tool');
    assert.equal(last!.messages.at(-1)!.content, 'The Schedule Trigger node fits.');
    assert.equal(last!.messages.at(-1)!.tool_call_id, 'call_delegate_1');
  });

  it('stops offering tools to a member at its tool call limit', async () => {
    const limited = createOpenAIEngine({ apiKey: 'x', baseURL: fake.url, maxRetries: 0 });
    const original = TEAM.config.members[0]!.agent_config!.tool_call_limit;
    TEAM.config.members[0]!.agent_config!.tool_call_limit = 0;
    try {
      fake.requests.length = 0;
      const events = await collect(limited);
      assert.ok(!events.some((e) => e.kind === 'tool_started' && e.call.tool_name === 'search_n8n_docs'));
      const memberRequest = fake.requests.find((r) => !String(r.messages[0]?.content).startsWith('You coordinate'));
      assert.equal(memberRequest?.tools, undefined, 'no functions are offered once the limit is reached');
    } finally {
      TEAM.config.members[0]!.agent_config!.tool_call_limit = original;
    }
  });

  it('uses LLM_MODEL for every call when it is set', async () => {
    fake.requests.length = 0;
    await collect(createOpenAIEngine({ apiKey: 'x', baseURL: fake.url, model: 'llama3.1', maxRetries: 0 }));
    assert.deepEqual([...new Set(fake.requests.map((r) => r.model))], ['llama3.1']);
  });

  it('reports a refused connection with connection text', async () => {
    const engine = createOpenAIEngine({
      apiKey: 'x',
      baseURL: `http://127.0.0.1:${await closedPort()}/v1`,
      maxRetries: 0,
    });
    await assert.rejects(collect(engine), (error: unknown) => {
      assert.ok(error instanceof ProviderError);
      assert.equal(error.code, 'connection_error');
      assert.match(error.message, /connection/i);
      return true;
    });
  });
});

describe("OpenAI-compatible engine: the answer's workflow goes through n8n's validator", () => {
  const pool = realPool();
  let fake: FakeOpenAI;
  const BROKEN = {
    name: 'Broken',
    nodes: [
      {
        id: 'a',
        name: 'Schedule Trigger',
        type: 'n8n-nodes-base.scheduleTrigger',
        typeVersion: 1.2,
        position: [0, 0],
        parameters: { rule: { interval: [{ field: 'hours' }] } },
      },
    ],
    connections: { 'Schedule Trigger': { main: [[{ node: 'Ghost', type: 'main', index: 0 }]] } },
  };
  const FIXED = {
    name: 'Fixed',
    nodes: [
      ...BROKEN.nodes,
      { id: 'b', name: 'Ghost', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
    ],
    connections: BROKEN.connections,
  };
  const block = (wf: unknown) => `Here it is:\n\n\`\`\`json\n${JSON.stringify(wf)}\n\`\`\``;
  let repairs: unknown[] = [];
  before(async () => {
    fake = await startFakeOpenAI((request) => {
      const repair =
        request.messages.at(-1)?.role === 'user' && /validator/.test(String(request.messages.at(-1)?.content));
      if (!repair) return textReply(block(BROKEN));
      repairs.push(request.messages.at(-1)?.content);
      return textReply(block(repairs.length === 1 && fixes ? FIXED : BROKEN));
    });
  });
  after(async () => {
    await fake.close();
    await pool.close();
  });
  let fixes = true;
  const teamless: Team = { ...TEAM, config: { ...TEAM.config, members: [] } };
  const run = async () => {
    const events: RunEvent[] = [];
    const input = {
      runId: 'run-v',
      team: teamless,
      userId: 'u1',
      message: 'Every hour do something',
      files: [],
      history: [],
      earlierRequests: [],
      lastReply: null,
      previous: null,
    };
    const engine = createOpenAIEngine({ apiKey: 'x', baseURL: fake.url, maxRetries: 0 });
    for await (const e of engine.run(input, {
      services: poolServices(pool),
      signal: new AbortController().signal,
      streamDelayMs: 0,
    }))
      events.push(e);
    return { events, text: events.map((e) => (e.kind === 'text' ? e.delta : '')).join('') };
  };

  it("offers a member its MCP server's real tools as namespaced functions and runs the model's call on the server", async () => {
    const withN8n: Team = {
      ...TEAM,
      config: {
        ...TEAM.config,
        members: [
          {
            name: 'Researcher',
            role: 'Looks things up',
            type: 'agent',
            agent_config: { tools: [{ type: 'mcp', server_ids: ['n8n'] }] },
          },
        ],
      },
    };
    const mcpFake = await startFakeOpenAI((request) => {
      const coordinator = String(request.messages[0]?.content).startsWith('You coordinate');
      const hasToolResult = request.messages.some((m) => m.role === 'tool');
      if (coordinator)
        return hasToolResult
          ? textReply('Done.')
          : toolCallReply('call_d', 'transfer_task_to_member', {
              member_id: 'researcher',
              task: 'Find the Slack node',
              expected_output: 'type',
            });
      return hasToolResult
        ? textReply('n8n-nodes-base.slack')
        : toolCallReply('call_s', 'n8n__search_nodes', { query: 'slack', limit: 3 });
    });
    try {
      const events: RunEvent[] = [];
      const input = {
        runId: 'run-m',
        team: withN8n,
        userId: 'u1',
        message: 'Find Slack',
        files: [],
        history: [],
        earlierRequests: [],
        lastReply: null,
        previous: null,
      };
      const engine = createOpenAIEngine({ apiKey: 'x', baseURL: mcpFake.url, maxRetries: 0 });
      for await (const e of engine.run(input, {
        services: poolServices(pool),
        signal: new AbortController().signal,
        streamDelayMs: 0,
      }))
        events.push(e);
      const memberRequest = mcpFake.requests.find((r) => !String(r.messages[0]?.content).startsWith('You coordinate'))!;
      const offered = memberRequest.tools!.map((t) => t.function);
      assert.ok(offered.some((f) => f.name === 'n8n__validate_workflow'));
      const search = offered.find((f) => f.name === 'n8n__search_nodes')!;
      assert.deepEqual(
        (search.parameters as { required?: string[] }).required,
        ['query'],
        "the schema is the server's own",
      );
      const call = events.find((e) => e.kind === 'tool_completed' && e.call.tool_name === 'search_nodes');
      assert.ok(call?.kind === 'tool_completed' && !call.call.tool_call_error);
      assert.match(String(call.kind === 'tool_completed' && call.call.result), /n8n-nodes-base\.slack/);
    } finally {
      await mcpFake.close();
    }
  });

  it("sends the validator's errors back to the model and reports the repaired workflow as valid", async () => {
    repairs = [];
    fixes = true;
    const { events, text } = await run();
    const validations = events.filter((e) => e.kind === 'tool_completed' && e.call.tool_name === 'validate_workflow');
    assert.equal(validations.length, 2);
    assert.equal(repairs.length, 1);
    assert.match(String(repairs[0]), /Ghost/);
    assert.match(text, /found \d+ problem\(s\) in this workflow, so the team corrects it/);
    assert.match(text, /checked all \d+ nodes and \d+ connections?: no errors/);
  });

  it('stops after the bounded repair rounds and says what still fails', async () => {
    repairs = [];
    fixes = false;
    const { events, text } = await run();
    assert.equal(
      events.filter((e) => e.kind === 'tool_completed' && e.call.tool_name === 'validate_workflow').length,
      3,
    );
    assert.equal(repairs.length, 2);
    assert.match(text, /still reports \d+ errors? I could not repair:\n(?:- .*\n)*- .*Ghost/);
  });
});

describe('OpenAI-compatible engine behind the chat routes', () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let failWith: FakeReply | null = null;
  let token: string;

  before(async () => {
    fake = await startFakeOpenAI((request) => failWith ?? teamScript(request));
    server = await startTestServer({ LLM_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-route', FREE_CREDITS: '100' });
    token = await signIn(server, 'model-user@example.com');
    // The fake team above is simpler than the seeded one; run the seeded team but let the fake answer every member.
  });
  after(async () => {
    await server.close();
    await fake.close();
  });

  const streamRun = async (message: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${server.ctx.config.TEAM_ID}/chat`,
      headers: { authorization: `Bearer ${token}` },
      payload: { message, stream: true },
    });
    return res.body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as StreamFrame);
  };

  it("streams the model's deltas as chunk frames and stores the reply", async () => {
    failWith = null;
    // The seeded team names its members differently: the coordinator's delegation to "researcher" fails cleanly
    // as a tool error and the model still answers.
    const frames = await streamRun('Every day at 9am ping me');
    assert.equal(frames[0]?.type, 'start');
    assert.equal(frames.at(-1)?.type, 'end');
    assert.deepEqual(
      frames.filter((f) => f.content).map((f) => f.content),
      FINAL,
    );
    const delegation = frames.find((f) => f.event === 'ToolCallCompleted')?.active_tool;
    assert.equal(delegation?.tool_name, 'transfer_task_to_member');
    assert.equal(delegation?.tool_call_error, true);
    const stored = await client(server, token).get(`/teams/sessions/${frames[0]!.session_id}/messages`);
    assert.equal(stored.body.data.messages[1].content, FINAL.join(''));
  });

  it('maps 429 to a rate-limit error frame and a 503 reply', async () => {
    failWith = {
      kind: 'error',
      status: 429,
      body: { error: { message: 'Rate limit reached', type: 'requests' } },
      headers: { 'retry-after-ms': '0' },
    };
    const frames = await streamRun('hello');
    const last = frames.at(-1)!;
    assert.equal(last.type, 'error');
    assert.equal(last.error_code, 'rate_limited');
    assert.match(String(last.error), /rate limit/i);
    assert.doesNotMatch(String(last.error), /credit|balance/i, 'must not read as a credits problem');
    const res = await client(server, token).post(`/teams/${server.ctx.config.TEAM_ID}/chat`, { message: 'hello' });
    assert.equal(res.status, 503);
    assert.equal(res.body.detail.code, 'rate_limited');
  });

  it('does not charge a run that failed before producing anything', async () => {
    failWith = { kind: 'error', status: 500, body: { error: { message: 'upstream exploded' } } };
    const api = client(server, token);
    const before = (await api.get('/credits/balance')).body.available_credits;
    const frames = await streamRun('hello there');
    assert.equal(frames.at(-1)?.type, 'error');
    assert.equal((await api.get('/credits/balance')).body.available_credits, before);
    const history = await api.get('/credits/transactions?limit=5');
    assert.equal(history.body.data.transactions[0].transaction_type, 'refund');
  });

  it('maps an unknown model (404) to a model-not-found error frame', async () => {
    failWith = {
      kind: 'error',
      status: 404,
      body: { error: { message: 'The model `gpt-9` does not exist', code: 'model_not_found' } },
    };
    const last = (await streamRun('hello')).at(-1)!;
    assert.equal(last.type, 'error');
    assert.equal(last.error_code, 'model_not_found');
    assert.match(String(last.message), /model not found/i);
  });
});
