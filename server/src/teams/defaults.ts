// SPEC §3 defaults of team and agent configuration, and the normalisation every stored team goes through.
import type { AgentConfig, TeamConfig, TeamMember } from '../../../contract/types.ts';

function defaultTeamConfig(): TeamConfig {
  return {
    mode: 'coordinate',
    model_provider: 'openai',
    model_id: 'gpt-4o',
    instructions: '',
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
    members: [],
  };
}

function defaultAgentConfig(name: string): AgentConfig {
  return {
    name,
    description: '',
    model_provider: 'openai',
    model_id: 'gpt-4o',
    instructions: '',
    expected_output: '',
    markdown: true,
    show_tool_calls: true,
    reasoning: false,
    reasoning_min_steps: 1,
    reasoning_max_steps: 10,
    debug_mode: false,
    enable_agentic_memory: false,
    enable_user_memories: false,
    search_knowledge: true,
    add_references: false,
    add_datetime_to_instructions: false,
    parse_response: true,
    use_json_mode: false,
    add_context: false,
    tool_call_limit: null,
    tools: [],
  };
}

/** Trims, turns CRLF/CR into LF, strips trailing spaces per line and collapses runs of blank lines into one. */
export function normaliseInstructions(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A member with every agent default filled in, its name as the agent's fallback name, and its index. */
function normaliseMember(member: TeamMember, index: number): TeamMember {
  const type = member.type ?? 'agent';
  const normalised: TeamMember = { ...member, type, memberIndex: index };
  if (type === 'agent' || member.agent_config) {
    const config = { ...defaultAgentConfig(member.name), ...stripUndefined(member.agent_config ?? {}) };
    if (!config.name) config.name = member.name;
    config.instructions = normaliseInstructions(config.instructions ?? '');
    normalised.agent_config = config;
  }
  return normalised;
}

export function normaliseMembers(members: TeamMember[]): TeamMember[] {
  return members.map(normaliseMember);
}

/** A full team config from a partial one; `members` is always the given (normalised) list. */
export function normaliseTeamConfig(config: Partial<TeamConfig>, members: TeamMember[]): TeamConfig {
  const merged: TeamConfig = { ...defaultTeamConfig(), ...stripUndefined(config), members };
  merged.instructions = normaliseInstructions(merged.instructions ?? '');
  return merged;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
