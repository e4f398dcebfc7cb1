// The Edit Team Configuration working copy with SPEC §3 defaults, instructions normalising and the PUT body.
import type { Team, TeamConfig, TeamMode, TeamUpdatePayload } from '../../../contract/types';

export const TEAM_PROVIDERS = ['openai', 'anthropic', 'google', 'meta'] as const;
export const TEAM_MODES: readonly TeamMode[] = ['coordinate', 'collaborate'];

export interface TeamForm {
  name: string;
  description: string;
  is_public: boolean;
  model_id: string;
  config: Omit<TeamConfig, 'members'> & { model_provider: string; model_id: string; instructions: string };
}

/**
 * Instructions arrive as text or as a list of lines; the editor and the server get one text with
 * Unix line ends and no surrounding blank space.
 */
export function normaliseInstructions(value: unknown): string {
  if (Array.isArray(value))
    return value
      .filter((v) => typeof v === 'string')
      .join('\n')
      .replace(/\r\n?/g, '\n')
      .trim();
  if (typeof value !== 'string') return '';
  return value.replace(/\r\n?/g, '\n').trim();
}

export function teamFormFromTeam(team: Team): TeamForm {
  const c: Partial<TeamConfig> = team.config ?? {};
  return {
    name: team.name,
    description: team.description ?? '',
    is_public: team.is_public ?? false,
    model_id: team.model_id ?? '',
    config: {
      mode: c.mode ?? 'coordinate',
      model_provider: c.model_provider ?? 'openai',
      model_id: c.model_id ?? team.model_id ?? '',
      instructions: normaliseInstructions(c.instructions),
      markdown: c.markdown ?? true,
      enable_team_history: c.enable_team_history ?? false,
      num_history_runs: c.num_history_runs ?? 3,
      share_member_interactions: c.share_member_interactions ?? false,
      show_members_responses: c.show_members_responses ?? false,
      reasoning: c.reasoning ?? false,
      reasoning_min_steps: c.reasoning_min_steps ?? 1,
      reasoning_max_steps: c.reasoning_max_steps ?? 10,
      debug_mode: c.debug_mode ?? false,
      monitoring: c.monitoring ?? false,
      telemetry: c.telemetry ?? true,
    },
  };
}

/** The whole form, instructions normalised, members kept as stored. */
export function teamSavePayload(team: Team, form: TeamForm): TeamUpdatePayload {
  const members = team.config?.members?.length ? team.config.members : team.members;
  return {
    name: form.name,
    description: form.description,
    is_public: form.is_public,
    model_id: form.config.model_id || form.model_id,
    members: team.members,
    config: { ...form.config, instructions: normaliseInstructions(form.config.instructions), members },
  };
}

/** Dirty when the working copy differs from the saved snapshot (key order does not matter). */
export function isDirty(snapshot: unknown, working: unknown): boolean {
  return stableJson(snapshot) !== stableJson(working);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
