import { parseToolsJson, validToolsMessage } from '../../../src/features/teamEditor/toolsJson';
import {
  historyRuns,
  reasoningMaxSteps,
  reasoningMinSteps,
  toolCallLimit,
} from '../../../src/features/teamEditor/numbers';
import {
  isDirty,
  normaliseInstructions,
  teamFormFromTeam,
  teamSavePayload,
} from '../../../src/features/teamEditor/teamForm';
import { agentFormFromMember, agentSavePayload } from '../../../src/features/teamEditor/agentForm';
import type { Team } from '../../../contract/types';

const team: Team = {
  id: 't1',
  name: 'Review Team',
  description: 'Reviews PRs',
  is_public: false,
  model_id: 'gpt-4o',
  owner_id: 'u1',
  members: [
    { name: 'Analyst', type: 'agent', agent_config: { instructions: 'Read the PR' } },
    { name: 'Reviewer', type: 'agent', agent_config: { name: 'Code Reviewer', tools: [{ type: 'github' }] } },
  ],
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
      { name: 'Analyst', type: 'agent', agent_config: { instructions: 'Read the PR' } },
      { name: 'Reviewer', type: 'agent', agent_config: { name: 'Code Reviewer', tools: [{ type: 'github' }] } },
    ],
  },
};

describe('tools JSON', () => {
  it('says "Invalid JSON format" for text that does not parse', () => {
    expect(parseToolsJson('[{')).toEqual({ ok: false, error: 'Invalid JSON format' });
  });
  it('says "Tools must be an array" for an object', () => {
    expect(parseToolsJson('{"type":"x"}')).toEqual({ ok: false, error: 'Tools must be an array' });
  });
  it('says each tool needs a "type" field', () => {
    expect(parseToolsJson('[{"type":"a"},{"params":{}}]')).toEqual({
      ok: false,
      error: 'Each tool must have a "type" field',
    });
    expect(parseToolsJson('[1]')).toEqual({ ok: false, error: 'Each tool must have a "type" field' });
  });
  it('accepts a typed list and counts it', () => {
    const parsed = parseToolsJson('[{"type":"mcp","server_ids":["github"]},{"type":"calc"}]');
    expect(parsed).toEqual({ ok: true, tools: [{ type: 'mcp', server_ids: ['github'] }, { type: 'calc' }] });
    expect(validToolsMessage(2)).toBe('Valid configuration with 2 tool(s)');
    expect(validToolsMessage(0)).toBeNull();
  });
});

describe('number inputs', () => {
  it('clamps History Runs to 1–10 with fallback 3', () => {
    expect(historyRuns('0')).toBe(1);
    expect(historyRuns('11')).toBe(10);
    expect(historyRuns('')).toBe(3);
    expect(historyRuns('5')).toBe(5);
  });
  it('clamps reasoning steps to 1–20 with fallbacks 1 and 10', () => {
    expect(reasoningMinSteps('')).toBe(1);
    expect(reasoningMaxSteps('abc')).toBe(10);
    expect(reasoningMinSteps('25')).toBe(20);
    expect(reasoningMaxSteps('-3')).toBe(1);
  });
  it('treats an empty Tool Call Limit as no limit and keeps it at least 0', () => {
    expect(toolCallLimit('')).toBeNull();
    expect(toolCallLimit('-2')).toBe(0);
    expect(toolCallLimit('7')).toBe(7);
  });
});

describe('forms and payloads', () => {
  it('normalises instructions from lists and CRLF text', () => {
    expect(normaliseInstructions(['One', 'Two'])).toBe('One\nTwo');
    expect(normaliseInstructions('  a\r\nb \n')).toBe('a\nb');
    expect(normaliseInstructions(undefined)).toBe('');
  });
  it('fills agent defaults, the name falling back to the member name', () => {
    const form = agentFormFromMember(team.members[0]!);
    expect(form).toMatchObject({
      name: 'Analyst',
      model_provider: 'openai',
      model_id: 'gpt-4o',
      markdown: true,
      show_tool_calls: true,
      search_knowledge: true,
      parse_response: true,
      tool_call_limit: null,
      tools: [],
    });
    expect(agentFormFromMember(team.members[1]!).name).toBe('Code Reviewer');
  });
  it('is dirty only when the working copy differs from the snapshot', () => {
    const snapshot = agentFormFromMember(team.members[0]!);
    expect(isDirty(snapshot, { ...snapshot })).toBe(false);
    expect(isDirty(snapshot, { ...snapshot, instructions: 'Other' })).toBe(true);
  });
  it('merges the edited member at its index into the team config', () => {
    const form = {
      ...agentFormFromMember(team.members[1]!),
      instructions: 'Be strict\r\n',
      tools: [{ type: 'mcp', server_ids: ['github'] }],
    };
    const body = agentSavePayload(team, 1, form);
    expect(body.name).toBe('Review Team');
    expect(body.config?.mode).toBe('coordinate');
    expect(body.config?.members?.[0]).toEqual(team.config.members[0]);
    expect(body.config?.members?.[1]?.agent_config).toMatchObject({
      instructions: 'Be strict',
      tools: [{ type: 'mcp', server_ids: ['github'] }],
    });
    expect(body.config?.members?.[1]?.name).toBe('Reviewer');
  });
  it('sends the whole team form with instructions normalised', () => {
    const form = teamFormFromTeam(team);
    form.config.instructions = '  Lead well \r\n';
    form.config.enable_team_history = true;
    const body = teamSavePayload(team, form);
    expect(body.config).toMatchObject({
      instructions: 'Lead well',
      enable_team_history: true,
      num_history_runs: 3,
      telemetry: true,
      members: team.config.members,
    });
  });
});
