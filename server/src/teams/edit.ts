// Changing teams: owner-only update and delete, and cloning a visible team into the caller's own copy.
import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import type { AgentConfig, Team, TeamConfig, TeamMember } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { knowledgeBases, teams } from '../db/schema.ts';
import { conflict, unprocessable } from '../http/errors.ts';
import { newTeamId } from '../ids.ts';
import type { UserRow } from '../auth/guard.ts';
import { normaliseMembers, normaliseTeamConfig } from './defaults.ts';
import { MAX_NAME, type TeamUpdateInput } from '../../../contract/bodies.ts';
import { getOwnedTeamRow, getTeamRowForUser, toTeam } from './service.ts';
import { deleteSessionsOfTeam } from './history.ts';

/**
 * Applies a PUT body. members and model_id each exist twice (top level and in config) and are stored equal;
 * when the two sent copies disagree, the one that differs from the stored value is the edit and wins.
 */
export async function updateTeam(
  ctx: AppContext,
  teamId: string,
  user: UserRow,
  input: TeamUpdateInput,
): Promise<Team> {
  const row = await getOwnedTeamRow(ctx, teamId, user.id, 'edit');
  const { members: configMembers, ...configInput } = input.config ?? {};
  const sentMembers = pickChanged(row.members, configMembers, input.members);
  const members = normaliseMembers(await keepOwnedKnowledgeBases(ctx, user.id, sentMembers));
  const modelId = pickChanged(row.modelId, input.model_id, configInput.model_id);
  const config = normaliseTeamConfig({ ...row.config, ...configInput, model_id: modelId }, members);
  checkReasoningRanges(config, members);
  const [updated] = await ctx.db
    .update(teams)
    .set({
      name: input.name,
      description: input.description ?? row.description,
      isPublic: input.is_public ?? row.isPublic,
      modelId,
      members,
      config,
      updatedAt: ctx.now(),
    })
    .where(eq(teams.id, row.id))
    .returning();
  if (!updated) throw unprocessable('Team could not be updated');
  return toTeam(updated);
}

/** Owner only. The configured team is the product's only chat, so it cannot be deleted (409). */
export async function deleteTeam(ctx: AppContext, teamId: string, user: UserRow): Promise<void> {
  const row = await getOwnedTeamRow(ctx, teamId, user.id, 'delete');
  if (row.id === ctx.config.TEAM_ID) {
    throw conflict('The configured team cannot be deleted: it is the team every chat uses');
  }
  await deleteSessionsOfTeam(ctx, row.id);
  await ctx.db.delete(teams).where(eq(teams.id, row.id));
}

/** A private copy owned by the caller; knowledge bases the caller does not own are left out. */
export async function cloneTeam(ctx: AppContext, teamId: string, user: UserRow): Promise<Team> {
  const row = await getTeamRowForUser(ctx, teamId, user);
  const members = normaliseMembers(await keepOwnedKnowledgeBases(ctx, user.id, structuredClone(row.members)));
  const now = ctx.now();
  const [created] = await ctx.db
    .insert(teams)
    .values({
      id: newTeamId(),
      ownerId: user.id,
      name: `${row.name.slice(0, MAX_NAME - ' (Copy)'.length)} (Copy)`,
      description: row.description,
      isPublic: false,
      modelId: row.modelId,
      members,
      config: { ...structuredClone(row.config), members },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw unprocessable('Team could not be cloned');
  return toTeam(created);
}

/** Of the sent copies of one field, the first that differs from the stored value; else the first sent; else stored. */
function pickChanged<T>(stored: T, ...sent: Array<T | undefined>): T {
  const given = sent.filter((v): v is T => v !== undefined);
  return given.find((v) => !isDeepStrictEqual(v, stored)) ?? given[0] ?? stored;
}

/** Keeps only knowledge-base ids the user owns (and drops duplicates), so a team never reaches another user's documents. */
async function keepOwnedKnowledgeBases(ctx: AppContext, userId: string, members: TeamMember[]): Promise<TeamMember[]> {
  const wanted = [...new Set(members.flatMap((m) => m.agent_config?.knowledge_base_ids ?? []))];
  const owned = new Set<string>();
  if (wanted.length > 0) {
    const rows = await ctx.db
      .select({ id: knowledgeBases.id })
      .from(knowledgeBases)
      .where(and(eq(knowledgeBases.ownerId, userId), inArray(knowledgeBases.id, wanted)));
    for (const r of rows) owned.add(r.id);
  }
  return members.map((m) => {
    if (!m.agent_config?.knowledge_base_ids) return m;
    const ids = [...new Set(m.agent_config.knowledge_base_ids.filter((id) => owned.has(id)))];
    return { ...m, agent_config: { ...m.agent_config, knowledge_base_ids: ids } };
  });
}

function checkReasoningRanges(config: TeamConfig, members: TeamMember[]): void {
  if (config.reasoning_min_steps > config.reasoning_max_steps) {
    throw unprocessable('config: reasoning_min_steps must not exceed reasoning_max_steps');
  }
  members.forEach((m, i) => {
    const agent: AgentConfig | undefined = m.agent_config;
    if (agent && (agent.reasoning_min_steps ?? 1) > (agent.reasoning_max_steps ?? 10)) {
      throw unprocessable(`members.${i}.agent_config: reasoning_min_steps must not exceed reasoning_max_steps`);
    }
  });
}
