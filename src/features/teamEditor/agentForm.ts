// The Edit Agent working copy: every agent field with its SPEC §3 default, and the PUT body that merges it back.
import type { AgentConfig, Team, TeamMember, TeamUpdatePayload } from '../../../contract/types';
import { normaliseInstructions } from './teamForm';

export type AgentForm = Required<Omit<AgentConfig, 'tool_call_limit' | 'knowledge_base_ids'>> & {
  tool_call_limit: number | null;
  knowledge_base_ids?: string[];
};

export const AGENT_PROVIDERS = ['openai', 'anthropic', 'google', 'meta', 'groq'] as const;

export function agentFormFromMember(member: TeamMember): AgentForm {
  const c = member.agent_config ?? {};
  return {
    name: c.name || member.name,
    description: c.description ?? '',
    model_provider: c.model_provider ?? 'openai',
    model_id: c.model_id ?? 'gpt-4o',
    instructions: normaliseInstructions(c.instructions),
    expected_output: c.expected_output ?? '',
    markdown: c.markdown ?? true,
    show_tool_calls: c.show_tool_calls ?? true,
    reasoning: c.reasoning ?? false,
    reasoning_min_steps: c.reasoning_min_steps ?? 1,
    reasoning_max_steps: c.reasoning_max_steps ?? 10,
    debug_mode: c.debug_mode ?? false,
    enable_agentic_memory: c.enable_agentic_memory ?? false,
    enable_user_memories: c.enable_user_memories ?? false,
    search_knowledge: c.search_knowledge ?? true,
    add_references: c.add_references ?? false,
    add_datetime_to_instructions: c.add_datetime_to_instructions ?? false,
    parse_response: c.parse_response ?? true,
    use_json_mode: c.use_json_mode ?? false,
    add_context: c.add_context ?? false,
    tool_call_limit: c.tool_call_limit ?? null,
    tools: c.tools ?? [],
    ...(c.knowledge_base_ids ? { knowledge_base_ids: c.knowledge_base_ids } : {}),
  };
}

/** The members the team really has: the config's list when it holds any, else the team's own. */
export function teamMembers(team: Team): TeamMember[] {
  return team.config?.members?.length ? team.config.members : team.members;
}

/**
 * PUT body of the agent dialog: the team as stored, with config.members (and members) replaced
 * by the list in which the edited member's agent_config is merged at its index.
 */
export function agentSavePayload(team: Team, memberIndex: number, form: AgentForm): TeamUpdatePayload {
  const members = teamMembers(team).map((member, i) =>
    i === memberIndex
      ? {
          ...member,
          agent_config: { ...member.agent_config, ...form, instructions: normaliseInstructions(form.instructions) },
        }
      : member,
  );
  return {
    name: team.name,
    description: team.description,
    is_public: team.is_public,
    model_id: team.model_id,
    members,
    config: { ...team.config, members },
  };
}
