// Reading teams and deciding who may see them; the functions other domains (runtime, knowledge) use.
import { count, desc, eq, or, sql } from 'drizzle-orm';
import type { Team } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { teams } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { UserRow } from '../auth/guard.ts';

export { normaliseInstructions } from './defaults.ts';

export type TeamRow = typeof teams.$inferSelect;

/** The wire shape: `id` and `_id` both carry the id, members are kept equal to config.members. */
export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    is_public: row.isPublic,
    model_id: row.modelId,
    owner_id: row.ownerId,
    members: row.members,
    config: { ...row.config, members: row.members },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function findTeamRow(ctx: AppContext, teamId: string): Promise<TeamRow | null> {
  const [row] = await ctx.db.select().from(teams).where(eq(teams.id, teamId));
  return row ?? null;
}

export async function findTeam(ctx: AppContext, teamId: string): Promise<Team | null> {
  const row = await findTeamRow(ctx, teamId);
  return row ? toTeam(row) : null;
}

/** A team is visible when it is public, the user's own, or the configured single team. */
function canSeeTeam(ctx: AppContext, row: TeamRow, userId: string): boolean {
  return row.isPublic || row.ownerId === userId || row.id === ctx.config.TEAM_ID;
}

/** The team row when the user may see it: 404 for an unknown id, 403 for someone else's private team. */
export async function getTeamRowForUser(ctx: AppContext, teamId: string, user: Pick<UserRow, 'id'>): Promise<TeamRow> {
  const row = await findTeamRow(ctx, teamId);
  if (!row) throw notFound('Team');
  if (!canSeeTeam(ctx, row, user.id)) throw forbidden('You do not have access to this team');
  return row;
}

export async function getTeamForUser(ctx: AppContext, teamId: string, user: Pick<UserRow, 'id'>): Promise<Team> {
  return toTeam(await getTeamRowForUser(ctx, teamId, user));
}

/** The team row when the user owns it: 404 unknown, 403 for anyone but the owner. */
export async function getOwnedTeamRow(
  ctx: AppContext,
  teamId: string,
  userId: string,
  action: string,
): Promise<TeamRow> {
  const row = await findTeamRow(ctx, teamId);
  if (!row) throw notFound('Team');
  if (row.ownerId !== userId) throw forbidden(`Only the team owner can ${action} this team`);
  return row;
}

export interface TeamListQuery {
  limit: number;
  skip: number;
  includePublic: boolean;
}

/** The user's own teams, plus public ones (and the configured team) when asked; the configured team first. */
export async function listTeams(
  ctx: AppContext,
  userId: string,
  query: TeamListQuery,
): Promise<{ total: number; teams: Team[] }> {
  const where = query.includePublic
    ? or(eq(teams.ownerId, userId), eq(teams.isPublic, true), eq(teams.id, ctx.config.TEAM_ID))
    : eq(teams.ownerId, userId);
  const [totalRow] = await ctx.db.select({ n: count() }).from(teams).where(where);
  const rows = await ctx.db
    .select()
    .from(teams)
    .where(where)
    .orderBy(sql`(${teams.id} = ${ctx.config.TEAM_ID}) DESC`, desc(teams.createdAt), teams.id)
    .limit(query.limit)
    .offset(query.skip);
  return { total: totalRow?.n ?? 0, teams: rows.map(toTeam) };
}
