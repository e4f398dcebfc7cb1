// The built-in team: members design, configure and validate the workflow through the real n8n MCP tools,
// deterministically, with tool limits, reasoning, follow-up edits and the coordinator's fallback.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Team } from '../../contract/types.ts';
import { createBuiltinEngine } from '../src/runtime/builtin/engine.ts';
import { splitBlocks, splitDeltas } from '../src/runtime/pacing.ts';
import { loadConfig } from '../src/config.ts';
import type { RunEvent, ToolServices } from '../src/runtime/types.ts';
import { McpUnavailableError } from '../src/mcp/types.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import { READ_LIMITS, poolServices as servicesWith, realPool as realMcpPool } from '../bench/workflowQuality.ts';

const pool = realMcpPool();
after(() => pool.close());

describe('the built-in team', () => {
  const team = (overrides: Partial<Team['config']> = {}, limit: number | null = null): Team => ({
    id: 'b'.repeat(24),
    name: 'Builders',
    description: 'Builds workflows.',
    is_public: true,
    model_id: 'gpt-4o',
    owner_id: null,
    members: [],
    config: {
      mode: 'coordinate',
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
          name: 'Workflow Architect',
          role: 'Designs',
          agent_config: { tools: [{ type: 'mcp', server_ids: ['n8n'] }] },
        },
        {
          name: 'Integration Specialist',
          role: 'Configures',
          agent_config: { tools: [{ type: 'mcp', server_ids: ['n8n'] }] },
        },
        {
          name: 'Workflow Validator',
          role: 'Validates',
          agent_config: { tools: [{ type: 'mcp', server_ids: ['n8n'] }] },
        },
        {
          name: 'Research Assistant',
          role: 'Research',
          agent_config: { tool_call_limit: limit, tools: [{ type: 'n8n_docs' }, { type: 'browser' }] },
        },
      ],
      ...overrides,
    },
  });
  const run = async (
    t: Team,
    message = 'Every day at 8am post to #general on Slack',
    earlierRequests: string[] = [],
    services: ToolServices = servicesWith(pool),
  ) => {
    const events: RunEvent[] = [];
    const input = {
      runId: 'r',
      team: t,
      userId: 'u',
      message,
      files: [],
      history: [],
      earlierRequests,
      lastReply: null,
      previous: null,
    };
    for await (const e of createBuiltinEngine(READ_LIMITS).run(input, {
      services,
      signal: new AbortController().signal,
      streamDelayMs: 0,
    }))
      events.push(e);
    return events;
  };
  const workflowOf = (events: RunEvent[]) => JSON.parse(/```json\n([\s\S]+?)\n```/.exec(text(events))![1]!);
  const toolNames = (events: RunEvent[]) =>
    events.filter((e) => e.kind === 'tool_started').map((e) => (e as { call: { tool_name: string } }).call.tool_name);
  const text = (events: RunEvent[]) => events.map((e) => (e.kind === 'text' ? e.delta : '')).join('');

  it('designs with search_nodes, configures with get_node and validates with validate_workflow, the same every time', async () => {
    const first = await run(team());
    const names = toolNames(first);
    assert.equal(names.filter((n) => n === 'transfer_task_to_member').length, 4);
    assert.ok(
      names.indexOf('search_nodes') < names.indexOf('get_node') &&
        names.indexOf('get_node') < names.indexOf('validate_workflow'),
      names.join(),
    );
    assert.deepEqual(names.slice(-2), ['search_n8n_docs', 'open_url']);
    const wf = workflowOf(first);
    assert.deepEqual(
      wf.nodes.map((n: { type: string }) => n.type),
      ['n8n-nodes-base.scheduleTrigger', 'n8n-nodes-base.slack'],
    );
    assert.deepEqual(structuralProblems(wf), []);
    assert.match(text(first), /validate_workflow`\) checked all 2 nodes/);
    assert.equal(text(first), text(await run(team())));
  });

  it('gives every member the whole request in collaborate mode, and its own part in coordinate mode', async () => {
    const message = 'Every day at 8am post to #general on Slack';
    const tasks = (events: RunEvent[]) =>
      events.flatMap((e) =>
        e.kind === 'tool_started' && e.call.tool_name === 'transfer_task_to_member'
          ? [String(e.call.tool_args.task)]
          : [],
      );
    assert.deepEqual(tasks(await run(team({ mode: 'collaborate' }), message)), [message, message, message, message]);
    const coordinated = tasks(await run(team(), message));
    assert.match(coordinated[0]!, /^Design the workflow/);
    assert.match(coordinated[1]!, /^Configure every node/);
    assert.match(coordinated[2]!, /^Validate the workflow/);
  });

  it("honours a member's tool call limit", async () => {
    const events = await run(team({}, 1));
    assert.deepEqual(toolNames(events).slice(-1), ['search_n8n_docs']);
    const researcher = events.find(
      (e) => e.kind === 'member_response' && e.response.member_name === 'Research Assistant',
    );
    assert.match(
      String(researcher?.kind === 'member_response' && researcher.response.content),
      /tool call limit \(1\)/,
    );
  });

  const thinking = (events: RunEvent[]) =>
    events
      .filter((e) => e.kind === 'tool_completed' && e.call.tool_name === 'think')
      .map((e) => String(e.kind === 'tool_completed' && e.call.result));
  const stepsOf = (blocks: string[]) =>
    blocks.flatMap((b) =>
      b.split(/\n\n(?=Step \d+\n)/).map((step) => ({
        number: Number(/^Step (\d+)/.exec(step)?.[1]),
        title: /^Title: (.*)$/m.exec(step)?.[1] ?? '',
        reasoning: /^Reasoning: (.*)$/m.exec(step)?.[1] ?? '',
        confidence: /^Confidence: (.*)$/m.exec(step)?.[1] ?? '',
      })),
    );

  it("reasons with the planner's real decisions: which words became which node, and why that confidence", async () => {
    const events = await run(team({ reasoning: true }), 'Every day at 8am post to #general on Slack');
    const blocks = thinking(events);
    assert.equal(blocks.length, 2, 'one block when the plan is made, one after the check and the deployment');
    const steps = stepsOf(blocks);
    assert.deepEqual(
      steps.map((s) => s.number),
      steps.map((_, i) => i + 1),
    );
    const slack = steps.find((s) => /Slack/.test(s.title));
    assert.match(slack?.reasoning ?? '', /"post to #general on Slack" names Slack; the verb makes it a send step/);
    assert.match(slack?.confidence ?? '', /^0\.95 \(the request names the app as n8n's node is named\)$/);
    assert.match(steps[0]!.reasoning, /every day at 08:00/);
    const check = steps.find((s) => s.title === 'Validate');
    assert.match(check?.reasoning ?? '', /n8n's validator/);
    assert.match(check?.confidence ?? '', /^1\.00 \(reported by n8n's validator\)$/);
    assert.match(steps.at(-1)!.reasoning, /No n8n credentials are saved/);
  });

  it('says a default for a generic noun is one, with a lower confidence', async () => {
    const events = await run(team({ reasoning: true }), 'When a form is submitted, save the answers in a database');
    const steps = stepsOf(thinking(events));
    const stored = steps.find((s) => /database/.test(s.reasoning));
    assert.match(stored?.reasoning ?? '', /without naming an app/);
    assert.match(stored?.confidence ?? '', /^0\.60 \(a default for a generic noun/);
  });

  it('never pads the reasoning to reach the minimum, and merges real decisions to stay within the maximum', async () => {
    const request = 'Every day at 8am get new Shopify orders, add each to Google Sheets and post a summary to Slack';
    const padded = stepsOf(thinking(await run(team({ reasoning: true, reasoning_min_steps: 25 }), request)));
    assert.ok(padded.length < 25, `only real decisions: ${padded.length} steps`);
    assert.equal(new Set(padded.map((s) => s.title)).size, padded.length, 'no step repeats another');
    const tight = stepsOf(thinking(await run(team({ reasoning: true, reasoning_max_steps: 3 }), request)));
    assert.equal(tight.length, 3);
    assert.ok(
      tight.some((s) => /Shopify/.test(s.title) && /Google Sheets/.test(s.title)),
      'decisions merged, not dropped',
    );
    assert.doesNotMatch(JSON.stringify(tight), /Double-check|Continue\./);
  });

  it('calls no member that has nothing to do for the request', async () => {
    const events = await run(
      team({
        members: [
          {
            name: 'Workflow Architect',
            role: 'Designs',
            agent_config: { tools: [{ type: 'mcp', server_ids: ['n8n'] }] },
          },
          { name: 'Attachment Reader', role: 'Reads files', agent_config: { tools: [{ type: 'file' }] } },
        ],
      }),
    );
    const delegated = events
      .filter((e) => e.kind === 'tool_started' && e.call.tool_name === 'transfer_task_to_member')
      .map((e) => (e.kind === 'tool_started' ? String(e.call.tool_args?.member_id) : ''));
    assert.deepEqual([...new Set(delegated)], ['workflow-architect']);
    assert.doesNotMatch(JSON.stringify(events), /reviewed the plan/);
  });

  it('listens for the event the words name and sends a message where a channel is named', async () => {
    const cases: Array<[string, string, string, unknown]> = [
      [
        'When a new Jira issue is created, post it to Slack',
        'n8n-nodes-base.jiraTrigger',
        'events',
        ['jira:issue_created'],
      ],
      [
        'When a new Shopify order is placed, post it to Slack',
        'n8n-nodes-base.shopifyTrigger',
        'topic',
        'orders/create',
      ],
      [
        'When a GitHub pull request is opened, post it to Slack',
        'n8n-nodes-base.githubTrigger',
        'events',
        ['pull_request'],
      ],
    ];
    for (const [request, type, field, value] of cases) {
      const trigger = workflowOf(await run(team(), request)).nodes.find((n: { type: string }) => n.type === type);
      assert.deepEqual(trigger?.parameters[field], value, request);
    }
    const teams = workflowOf(
      await run(team(), 'When a new Jira issue is created, send a message to a Microsoft Teams channel'),
    ).nodes.find((n: { type: string }) => n.type === 'n8n-nodes-base.microsoftTeams');
    assert.equal(teams?.parameters.resource, 'channelMessage');
  });

  it('builds a message that waits for approval and branches on the answer', async () => {
    const wf = workflowOf(
      await run(
        team(),
        'When a new expense is submitted in our form, send it to my manager on Slack for approval. If she approves, create the expense in QuickBooks; if she rejects, email the employee.',
      ),
    );
    const slack = wf.nodes.find((n: { type: string }) => n.type === 'n8n-nodes-base.slack');
    assert.equal(slack?.parameters.operation, 'sendAndWait');
    assert.equal(slack?.parameters.user?.value, '<__PLACEHOLDER_VALUE__User__>');
    const branch = wf.nodes.find((n: { type: string }) => n.type === 'n8n-nodes-base.if');
    assert.equal(branch?.parameters.conditions.conditions[0].leftValue, '={{ $json.data.approved }}');
    assert.deepEqual(structuralProblems(wf), []);
  });

  it('compares two lists in Compare Datasets and goes on from the output the request asked about', async () => {
    const wf = workflowOf(
      await run(
        team(),
        'Every Friday pull the members from Mailchimp and the customers from Stripe, and email me the customers who are not in Mailchimp.',
      ),
    );
    const compare = wf.nodes.find((n: { type: string }) => n.type === 'n8n-nodes-base.compareDatasets');
    assert.deepEqual(compare?.parameters.mergeByFields, { values: [{ field1: 'email', field2: 'email' }] });
    const into = (name: string) =>
      Object.entries(wf.connections).flatMap(([from, c]) =>
        ((c as { main: Array<Array<{ node: string; index: number }>> }).main ?? []).flatMap((links, output) =>
          (links ?? [])
            .filter((l) => l.node === name)
            .map((l) => [wf.nodes.find((n: { name: string }) => n.name === from).type, output, l.index]),
        ),
      );
    // Mailchimp into input A, Stripe into input B; "customers who are not in Mailchimp" leave by "In B only".
    assert.deepEqual(into(compare.name).sort(), [
      ['n8n-nodes-base.mailchimp', 0, 0],
      ['n8n-nodes-base.stripe', 0, 1],
    ]);
    const mail = wf.nodes.find((n: { type: string }) => n.type === 'n8n-nodes-base.emailSend');
    assert.deepEqual(into(mail.name), [['n8n-nodes-base.compareDatasets', 3, 0]]);
    assert.deepEqual(structuralProblems(wf), []);
  });

  it('starts a sub-workflow from the Execute Workflow Trigger', async () => {
    const wf = workflowOf(
      await run(
        team(),
        'Make a sub-workflow that other workflows can call with a phone number. It looks the number up in the customers table in MySQL.',
      ),
    );
    assert.equal(wf.nodes[0].type, 'n8n-nodes-base.executeWorkflowTrigger');
    assert.equal(wf.nodes[0].parameters.inputSource, 'passthrough');
    assert.ok(wf.nodes.some((n: { type: string }) => n.type === 'n8n-nodes-base.mySql'));
    assert.deepEqual(structuralProblems(wf), []);
  });

  it('changes the last workflow on a follow-up instead of starting over, and says what changed', async () => {
    const events = await run(team(), 'make it 9am instead', [
      'Every Monday at 8am post the sales figures to #sales on Slack',
    ]);
    const wf = workflowOf(events);
    assert.deepEqual(wf.nodes[0].parameters.rule.interval[0], {
      field: 'weeks',
      weeksInterval: 1,
      triggerAtDay: [1],
      triggerAtHour: 9,
    });
    assert.ok(wf.nodes.some((n: { type: string }) => n.type === 'n8n-nodes-base.slack'));
    assert.match(
      text(events),
      /### What changed\n- The schedule now runs every Monday at 09:00 \(it ran every Monday at 08:00\)/,
    );
  });

  it('still validates through the n8n tools when no member has them (the coordinator calls them)', async () => {
    const events = await run(team({ members: [{ name: 'Helper', role: 'Helps', agent_config: { tools: [] } }] }));
    assert.ok(toolNames(events).includes('validate_workflow'));
    assert.deepEqual(structuralProblems(workflowOf(events)), []);
  });

  it('asks what starts the workflow and what it does instead of building a placeholder', async () => {
    const events = await run(team(), 'automate my business');
    assert.doesNotMatch(text(events), /```json/);
    assert.match(text(events), /What starts it\?/);
  });

  it('shows an unreachable tool server as a failed tool call and answers honestly, without crashing the run', async () => {
    const down = servicesWith(pool, {
      callMcp: async () => {
        throw new McpUnavailableError('The n8n tool server did not answer in time.');
      },
    });
    const events = await run(team(), undefined, [], down);
    const failed = events.filter((e) => e.kind === 'tool_completed' && e.call.tool_call_error);
    assert.ok(
      failed.some(
        (e) => e.kind === 'tool_completed' && e.call.result === 'The n8n tool server did not answer in time.',
      ),
    );
    assert.match(
      text(events),
      /did not build a workflow this time, because it could not check it against n8n's node definitions/,
    );
  });

  it('searches the knowledge attached to the member that designs the workflow, and the reply uses what it found', async () => {
    const base = team();
    const members = base.config!.members!.map((m, i) =>
      i === 0 ? { ...m, agent_config: { ...m.agent_config, knowledge_base_ids: ['kb-naming'] } } : m,
    );
    const searched: string[][] = [];
    const services = servicesWith(pool, {
      searchKnowledge: async (ids) => {
        searched.push(ids);
        return ids.includes('kb-naming')
          ? [
              {
                documentName: 'naming.txt',
                content: 'Prefix every workflow with ZX-PLUTO before you ship it.',
                rank: 1,
              },
            ]
          : [];
      },
    });
    const events = await run({ ...base, config: { ...base.config!, members } }, undefined, [], services);
    assert.deepEqual(searched, [['kb-naming']]);
    const search = events.find((e) => e.kind === 'tool_completed' && e.call.tool_name === 'search_knowledge_base');
    assert.ok(search, 'the search is in the timeline');
    const architect = events.find(
      (e) => e.kind === 'member_response' && e.response.member_name === 'Workflow Architect',
    );
    assert.ok(
      architect?.kind === 'member_response' &&
        architect.response.tools?.some((t) => t.tool_name === 'search_knowledge_base'),
    );
    assert.match(
      text(events),
      /### From your knowledge base\n> \*\*naming\.txt\*\*: Prefix every workflow with ZX-PLUTO/,
    );
  });

  it('sends written text in whole paragraphs, a long code block in pieces, adding up to the whole', () => {
    const json = `\`\`\`json\n${'{ "a": 1 }\n'.repeat(800)}\`\`\``;
    const whole = `One two three four five six seven.\n\nA second paragraph.\n\n${json}`;
    const blocks = splitBlocks(whole);
    assert.equal(blocks.join(''), whole);
    assert.deepEqual(blocks.slice(0, 2), ['One two three four five six seven.\n\n', 'A second paragraph.\n\n']);
    assert.ok(blocks.length > 3 && blocks.every((b) => b.length <= 4000));
    assert.ok(splitDeltas(whole).length > blocks.length, 'the paced demo mode sends a few words at a time');
  });

  it('adds no delay unless an operator asks for one', async () => {
    const started = performance.now();
    const events = await run(team());
    assert.ok(events.some((e) => e.kind === 'text'));
    const text = events.filter((e) => e.kind === 'text');
    assert.ok(text.length < 40, `the reply goes in paragraph blocks, not word by word: ${text.length} deltas`);
    assert.equal(loadConfig({}).STREAM_DELAY_MS, 0);
    assert.ok(performance.now() - started < 60_000);
  });
});
