// POST /teams/{id}/members/{memberIndex}/knowledge-bases/{kbId}: gives one team member a knowledge base to search.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TeamMember } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { knowledgeBases, teams } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { requireUser } from '../auth/guard.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { toTeam } from '../teams/service.ts';
import { attachParams } from './schemas.ts';

/** The member with kbId added to agent_config.knowledge_base_ids (once). */
function withKnowledgeBase(member: TeamMember, kbId: string): TeamMember {
  const ids = member.agent_config?.knowledge_base_ids ?? [];
  if (ids.includes(kbId)) return member;
  return { ...member, agent_config: { ...member.agent_config, knowledge_base_ids: [...ids, kbId] } };
}

/** The member without kbId in agent_config.knowledge_base_ids (the same object when it had none). */
function withoutKnowledgeBase(member: TeamMember, kbId: string): TeamMember {
  const ids = member.agent_config?.knowledge_base_ids;
  if (!ids?.includes(kbId)) return member;
  return { ...member, agent_config: { ...member.agent_config, knowledge_base_ids: ids.filter((id) => id !== kbId) } };
}

/** Removes a deleted knowledge base from every member that had it, in both copies of the members list. */
export async function detachKnowledgeBaseEverywhere(
  tx: Pick<Db, 'select' | 'update'>,
  kbId: string,
  now: Date,
): Promise<void> {
  // Ids are generated hex strings, so a text match on the JSON finds exactly the teams that may hold it.
  const holders = await tx
    .select()
    .from(teams)
    .where(sql`(${teams.members}::text like ${`%"${kbId}"%`} or ${teams.config}::text like ${`%"${kbId}"%`})`)
    .for('update');
  for (const team of holders) {
    const members = team.members.map((m) => withoutKnowledgeBase(m, kbId));
    const config = { ...team.config, members: (team.config.members ?? []).map((m) => withoutKnowledgeBase(m, kbId)) };
    await tx.update(teams).set({ members, config, updatedAt: now }).where(eq(teams.id, team.id));
  }
}

export async function teamMemberKnowledgeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/teams/:id/members/:memberIndex/knowledge-bases/:kbId', async (request) => {
    const user = await requireUser(ctx, request);
    const { id, memberIndex, kbId } = parse(attachParams, request.params);
    // Row lock: a concurrent attach or team edit must not lose this change to the members JSON.
    const updated = await ctx.db.transaction(async (tx) => {
      const [team] = await tx.select().from(teams).where(eq(teams.id, id)).for('update');
      if (!team) throw notFound('Team');
      if (team.ownerId !== user.id) throw forbidden('Only the team owner can attach knowledge to this team');
      const [kb] = await tx.select().from(knowledgeBases).where(eq(knowledgeBases.id, kbId));
      if (!kb) throw notFound('Knowledge base');
      if (kb.ownerId !== user.id) throw forbidden('You do not have access to this knowledge base');
      const member = team.members[memberIndex];
      if (!member) throw notFound('Team member');
      const members = team.members.map((m, i) => (i === memberIndex ? withKnowledgeBase(m, kbId) : m));
      const configMembers = team.config.members ?? [];
      // Both copies of the list are kept equal; an out-of-step config copy is replaced by the members list.
      const config = {
        ...team.config,
        members:
          configMembers.length === members.length
            ? configMembers.map((m, i) => (i === memberIndex ? withKnowledgeBase(m, kbId) : m))
            : members,
      };
      const [row] = await tx
        .update(teams)
        .set({ members, config, updatedAt: ctx.now() })
        .where(eq(teams.id, id))
        .returning();
      return row!;
    });
    return { data: toTeam(updated) };
  });
}
