// The built-in team: requests become valid, importable n8n workflows, deterministically, with members and tool limits honoured.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Team } from '../../src/services/contract.ts';
import { createBuiltinEngine } from '../src/runtime/builtin/engine.ts';
import { planWorkflow } from '../src/runtime/builtin/plan.ts';
import { buildWorkflow, validateWorkflow, type N8nWorkflow } from '../src/runtime/builtin/workflow.ts';
import { splitDeltas } from '../src/runtime/pacing.ts';
import type { RunEvent, ToolServices } from '../src/runtime/types.ts';

const types = (wf: N8nWorkflow) => wf.nodes.map((n) => n.type.replace('n8n-nodes-base.', ''));
const build = (request: string) => buildWorkflow(planWorkflow(request));

describe('workflow plans from requests', () => {
  const cases: Array<[string, string[]]> = [
    ['Every morning fetch https://api.weather.gov/forecast and post it to #weather on Slack', ['scheduleTrigger', 'httpRequest', 'slack']],
    ['When a form is submitted via webhook, append a row to our Google Sheet and email the team at team@acme.io', ['webhook', 'googleSheets', 'emailSend']],
    ['When a new email arrives in my inbox, post it to Slack', ['emailReadImap', 'slack']],
    ['Each time I receive an email, save it to a spreadsheet', ['emailReadImap', 'googleSheets']],
    ['Send an email to me@example.com every hour', ['scheduleTrigger', 'emailSend']],
    ['Post to Slack', ['manualTrigger', 'slack']],
    ['Make something nice', ['manualTrigger', 'noOp']],
  ];
  for (const [request, expected] of cases) {
    it(`builds ${expected.join(' → ')} for "${request}"`, () => {
      const wf = build(request);
      assert.deepEqual(types(wf), expected);
      assert.deepEqual(validateWorkflow(wf), []);
    });
  }

  it('reads schedule details: interval, weekday and hour', () => {
    const rule = (r: string) => (build(r).nodes[0]!.parameters as { rule: { interval: unknown[] } }).rule.interval[0];
    assert.deepEqual(rule('every 10 minutes call https://x.io'), { field: 'minutes', minutesInterval: 10 });
    assert.deepEqual(rule('every 6 hours call https://x.io'), { field: 'hours', hoursInterval: 6 });
    assert.deepEqual(rule('every Friday at 5pm post to slack'), { field: 'weeks', weeksInterval: 1, triggerAtDay: [5], triggerAtHour: 17 });
    assert.deepEqual(rule('daily at 7:30 am post to slack'), { field: 'days', daysInterval: 1, triggerAtHour: 7 });
  });

  it('takes URLs, channels and addresses from the request', () => {
    const wf = build('Every day GET https://api.example.com/v1/items?page=1. Then post to #ops-alerts and email ops@example.org');
    const byType = Object.fromEntries(wf.nodes.map((n) => [n.type, n.parameters]));
    assert.equal(byType['n8n-nodes-base.httpRequest']!.url, 'https://api.example.com/v1/items?page=1');
    assert.deepEqual(byType['n8n-nodes-base.slack']!.channelId, { __rl: true, value: '#ops-alerts', mode: 'name' });
    assert.equal(byType['n8n-nodes-base.emailSend']!.toEmail, 'ops@example.org');
  });

  it('gives byte-identical JSON for the same request', () => {
    const request = 'When a webhook is called, post to Slack';
    assert.equal(JSON.stringify(build(request)), JSON.stringify(build(request)));
  });

  it('always produces a structurally valid workflow, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => validateWorkflow(build(text)).length === 0),
      { numRuns: 300 },
    );
  });
});

describe('workflow validation', () => {
  const valid = () => structuredClone(build('every day fetch https://x.io and post to slack'));

  it('rejects connections to unknown nodes, a second trigger, loose nodes and a trigger with inputs', () => {
    const unknownTarget = valid();
    unknownTarget.connections['Schedule Trigger']!.main[0]![0]!.node = 'Ghost';
    assert.ok(validateWorkflow(unknownTarget).some((p) => p.includes('unknown node "Ghost"')));

    const twoTriggers = valid();
    twoTriggers.nodes.push({ ...twoTriggers.nodes[0]!, id: 'other', name: 'Webhook', type: 'n8n-nodes-base.webhook' });
    assert.ok(validateWorkflow(twoTriggers).some((p) => p.includes('exactly one trigger')));

    const loose = valid();
    delete loose.connections['HTTP Request'];
    assert.ok(validateWorkflow(loose).some((p) => p.includes('"Slack" is not connected')));

    const looped = valid();
    looped.connections.Slack = { main: [[{ node: 'Schedule Trigger', type: 'main', index: 0 }]] };
    assert.ok(validateWorkflow(looped).some((p) => p.includes('incoming connection')));

    assert.deepEqual(validateWorkflow(null), ['The workflow is not a JSON object.']);
    assert.deepEqual(validateWorkflow({ nodes: [] }), ['The workflow has no nodes.']);
  });
});

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
        { name: 'Workflow Architect', role: 'Designs', agent_config: { tools: [{ type: 'mcp', server_ids: ['n8n'] }] } },
        { name: 'Research Assistant', role: 'Research', agent_config: { tool_call_limit: limit, tools: [{ type: 'duckduckgo' }, { type: 'browser' }] } },
      ],
      ...overrides,
    },
  });
  const services: ToolServices = {
    hasCredentials: async () => false,
    serverName: (id) => id,
    searchKnowledge: async () => [],
    computerUrl: (runId) => `http://h/computer/${runId}/vnc.html`,
    chargeToolCall: async () => {},
  };
  const run = async (t: Team, message = 'Every day at 8am post to Slack', history: Array<{ role: 'user'; content: string; created_at: string }> = []) => {
    const events: RunEvent[] = [];
    const input = { runId: 'r', team: t, userId: 'u', message, files: [], history };
    for await (const e of createBuiltinEngine().run(input, { services, signal: new AbortController().signal, streamDelayMs: 0 })) events.push(e);
    return events;
  };
  const toolNames = (events: RunEvent[]) => events.filter((e) => e.kind === 'tool_started').map((e) => (e as { call: { tool_name: string } }).call.tool_name);
  const text = (events: RunEvent[]) => events.map((e) => (e.kind === 'text' ? e.delta : '')).join('');

  it('delegates to every member in order and gives the same answer every time', async () => {
    const first = await run(team());
    assert.deepEqual(toolNames(first), ['transfer_task_to_member', 'n8n_validate_workflow', 'transfer_task_to_member', 'duckduckgo_search', 'browser_open']);
    assert.equal(text(first), text(await run(team())));
  });

  it('gives every member the whole request in collaborate mode, and a role-fitted task in coordinate mode', async () => {
    const message = 'Every day at 8am post to Slack';
    const tasks = (events: RunEvent[]) =>
      events.flatMap((e) => (e.kind === 'tool_started' && e.call.tool_name === 'transfer_task_to_member' ? [String(e.call.tool_args.task)] : []));
    assert.deepEqual(tasks(await run(team({ mode: 'collaborate' }), message)), [message, message]);
    const coordinated = tasks(await run(team(), message));
    assert.match(coordinated[0]!, /^Design the trigger and steps/);
    assert.match(coordinated[1]!, /^Look up the nodes/);
  });

  it('honours a member\'s tool call limit', async () => {
    const events = await run(team({}, 1));
    assert.deepEqual(toolNames(events).slice(3), ['duckduckgo_search']);
    const researcher = events.find((e) => e.kind === 'member_response' && e.response.member_name === 'Research Assistant');
    assert.match(String(researcher?.kind === 'member_response' && researcher.response.content), /tool call limit \(1\)/);
  });

  it('reasons in Step blocks when reasoning is on, within the configured step bounds', async () => {
    const events = await run(team({ reasoning: true, reasoning_min_steps: 5, reasoning_max_steps: 6 }));
    const think = events.find((e) => e.kind === 'tool_completed' && e.call.tool_name === 'think');
    const result = String(think?.kind === 'tool_completed' && think.call.result);
    assert.equal((result.match(/^Step \d+$/gm) ?? []).length, 5);
    assert.match(result, /Title: .+\nReasoning: .+\nAction: .+\nConfidence: /);
  });

  it('builds on earlier requests when team history is on', async () => {
    const history = [{ role: 'user' as const, content: 'Every hour fetch https://api.example.com/stock', created_at: '2026-01-01T00:00:00Z' }];
    const withHistory = text(await run(team({ enable_team_history: true }), 'Also post it to Slack', history));
    const without = text(await run(team(), 'Also post it to Slack', history));
    assert.match(withHistory, /n8n-nodes-base\.httpRequest/);
    assert.doesNotMatch(without, /n8n-nodes-base\.httpRequest/);
  });

  it('streams text in small deltas that add up to the whole', () => {
    const whole = 'One two three four five six seven.\n\n```json\n{ "a": 1 }\n```';
    const deltas = splitDeltas(whole);
    assert.equal(deltas.join(''), whole);
    assert.ok(deltas.length >= 4);
  });
});
