// Teams: the seeded configured team, who may see, edit, clone and delete a team, and input validation.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { Team } from '../../contract/types.ts';
import { chatSessions, knowledgeBases, teams } from '../src/db/schema.ts';
import { seedTeams } from '../src/teams/seed.ts';
import { normaliseInstructions } from '../src/teams/service.ts';
import { createSession } from '../src/teams/sessions.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';

/** A signed-in user: the token and the user id it carries. */
async function userToken(server: TestServer, email: string): Promise<{ token: string; id: string }> {
  const token = await signIn(server, email);
  const id = await server.ctx.tokens.verify(token);
  assert.ok(id);
  return { token, id };
}

/** An array nested `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

async function storedTeam(server: TestServer, id: string) {
  const [row] = await server.ctx.db.select().from(teams).where(eq(teams.id, id));
  return row;
}

describe('teams', () => {
  let server: TestServer;
  let owner: { token: string; id: string };
  let other: { token: string; id: string };

  before(async () => {
    server = await startTestServer();
    owner = await userToken(server, 'owner@example.com');
    other = await userToken(server, 'other@example.com');
    // Whoever the auth domain made owner, this suite's owner owns the configured team.
    await server.ctx.db.update(teams).set({ ownerId: owner.id }).where(eq(teams.id, TEAM_ID));
  });
  after(() => server.close());

  it('seeds the configured team with every SPEC default, members kept equal in both places', async () => {
    const res = await client(server, other.token).get(`/teams/${TEAM_ID}`);
    assert.equal(res.status, 200);
    const team: Team = res.body.data;
    assert.equal(team.id, TEAM_ID);
    assert.equal(team._id, TEAM_ID);
    assert.equal(team.name, 'Workflow Automation Team');
    assert.match(team.description, /n8n/);
    assert.equal(team.is_public, true);
    assert.equal(team.model_id, 'gpt-4o');
    const { members, instructions, ...config } = team.config;
    assert.deepEqual(config, {
      mode: 'coordinate',
      model_provider: 'openai',
      model_id: 'gpt-4o',
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
    });
    assert.equal(instructions, normaliseInstructions(instructions ?? ''));
    assert.deepEqual(members, team.members);
    assert.deepEqual(
      team.members.map((m) => m.name),
      ['Workflow Architect', 'Integration Specialist', 'Workflow Validator', 'Research Assistant'],
    );
    const architect = team.members[0]!;
    assert.equal(architect.type, 'agent');
    assert.equal(architect.memberIndex, 0);
    assert.deepEqual(architect.agent_config?.tools, [
      { type: 'mcp', server_ids: ['n8n'], description: 'n8n workflow tools' },
    ]);
    assert.equal(architect.agent_config?.name, 'Workflow Architect');
    assert.equal(architect.agent_config?.show_tool_calls, true);
    assert.equal(architect.agent_config?.tool_call_limit, null);
    assert.equal(architect.agent_config?.parse_response, true);
    assert.equal(team.members[2]!.agent_config?.search_knowledge, true);
  });

  it('never overwrites an existing team when seeding again', async () => {
    await server.ctx.db.update(teams).set({ name: 'Renamed by owner' }).where(eq(teams.id, TEAM_ID));
    await seedTeams(server.ctx);
    assert.equal((await storedTeam(server, TEAM_ID))?.name, 'Renamed by owner');
    assert.equal((await storedTeam(server, TEAM_ID))?.ownerId, owner.id);
  });

  it('answers 401 without a token', async () => {
    assert.equal((await client(server).get('/teams')).status, 401);
    assert.equal((await client(server).get(`/teams/${TEAM_ID}`)).status, 401);
    assert.equal((await client(server).put(`/teams/${TEAM_ID}`, { name: 'x' })).status, 401);
  });

  it('normalises instructions: line endings, trailing spaces, blank-line runs, outer whitespace', () => {
    assert.equal(normaliseInstructions('  \r\nFirst  \r\n\r\n\r\n\r\nSecond\rThird\n\n\n'), 'First\n\nSecond\nThird');
  });

  describe('editing', () => {
    it('lets the owner update the team, normalising instructions and filling agent defaults', async () => {
      const res = await client(server, owner.token).put(`/teams/${TEAM_ID}`, {
        name: '  Automation Crew ',
        description: 'Builds n8n workflows',
        is_public: true,
        model_id: 'gpt-4o-mini',
        members: [
          {
            name: 'Solo',
            role: 'Does it all',
            agent_config: { model_provider: 'groq', tools: [{ type: 'duckduckgo' }] },
          },
        ],
        config: { mode: 'collaborate', instructions: 'Line one\r\n\r\n\r\n\r\nLine two  ', num_history_runs: 10 },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const team: Team = res.body.data;
      assert.equal(team.name, 'Automation Crew');
      assert.equal(team.model_id, 'gpt-4o-mini');
      assert.equal(team.config.model_id, 'gpt-4o-mini');
      assert.equal(team.config.mode, 'collaborate');
      assert.equal(team.config.instructions, 'Line one\n\nLine two');
      assert.equal(team.config.num_history_runs, 10);
      assert.equal(team.config.telemetry, true);
      assert.equal(team.members.length, 1);
      assert.deepEqual(team.config.members, team.members);
      assert.equal(team.members[0]!.type, 'agent');
      assert.equal(team.members[0]!.agent_config?.model_provider, 'groq');
      assert.equal(team.members[0]!.agent_config?.name, 'Solo');
      assert.equal(team.members[0]!.agent_config?.reasoning_max_steps, 10);
      const row = await storedTeam(server, TEAM_ID);
      assert.deepEqual(row?.config.members, row?.members);
      assert.equal((await client(server, other.token).get(`/teams/${TEAM_ID}`)).body.data.name, 'Automation Crew');
    });

    it('takes the members from config.members when the agent dialog sends them there', async () => {
      const current: Team = (await client(server, owner.token).get(`/teams/${TEAM_ID}`)).body.data;
      const edited = {
        ...current.members[0]!,
        agent_config: { ...current.members[0]!.agent_config, instructions: 'Be brief' },
      };
      const res = await client(server, owner.token).put(`/teams/${TEAM_ID}`, {
        ...current,
        config: { ...current.config, members: [edited, { name: 'Helper' }] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(
        res.body.data.members.map((m: { name: string }) => m.name),
        ['Solo', 'Helper'],
      );
      assert.equal(res.body.data.members[0].agent_config.instructions, 'Be brief');
      assert.equal(res.body.data.members[1].memberIndex, 1);
      assert.deepEqual(res.body.data.config.members, res.body.data.members);
    });

    it('keeps the edited copy when members or model_id are sent twice and only one copy changed', async () => {
      const current: Team = (await client(server, owner.token).get(`/teams/${TEAM_ID}`)).body.data;
      const res = await client(server, owner.token).put(`/teams/${TEAM_ID}`, {
        ...current,
        members: [...current.members, { name: 'Reviewer' }],
        config: { ...current.config, model_id: 'gpt-4.1' },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.model_id, 'gpt-4.1');
      assert.equal(res.body.data.config.model_id, 'gpt-4.1');
      assert.deepEqual(
        res.body.data.config.members.map((m: { name: string }) => m.name),
        ['Solo', 'Helper', 'Reviewer'],
      );
      assert.deepEqual(res.body.data.config.members, res.body.data.members);
      const restored = await client(server, owner.token).put(`/teams/${TEAM_ID}`, {
        ...current,
        model_id: 'gpt-4o-mini',
      });
      assert.equal(restored.body.data.config.model_id, 'gpt-4o-mini');
      assert.equal(restored.body.data.members.length, 2);
    });

    it('answers 403 with a clear detail to anyone but the owner, 404 for an unknown team', async () => {
      const res = await client(server, other.token).put(`/teams/${TEAM_ID}`, { name: 'Hijacked' });
      assert.equal(res.status, 403);
      assert.equal(res.body.detail, 'Only the team owner can edit this team');
      assert.equal(
        (await client(server, owner.token).put('/teams/ffffffffffffffffffffffff', { name: 'x' })).status,
        404,
      );
      assert.equal((await storedTeam(server, TEAM_ID))?.name, 'Automation Crew');
    });

    it('rejects malformed bodies with 422 and leaves the team unchanged', async () => {
      const before = await storedTeam(server, TEAM_ID);
      const bad: unknown[] = [
        {},
        { name: '' },
        { name: '   ' },
        { name: 42 },
        { name: 'x'.repeat(201) },
        { name: 'ok', description: 'd'.repeat(5000) },
        { name: 'ok', is_public: 'yes' },
        { name: 'ok', model_id: '' },
        { name: 'ok', members: 'nope' },
        { name: 'ok', members: [{ role: 'no name' }] },
        { name: 'ok', members: [{ name: 'A', agent_config: { model_provider: 'mistral' } }] },
        { name: 'ok', members: [{ name: 'A', agent_config: { tools: [{ params: {} }] } }] },
        { name: 'ok', members: [{ name: 'A', agent_config: { tools: { type: 'x' } } }] },
        { name: 'ok', members: [{ name: 'A', agent_config: { tool_call_limit: -1 } }] },
        { name: 'ok', members: [{ name: 'A', agent_config: { tool_call_limit: 1.5 } }] },
        { name: 'ok', members: [{ name: 'A', agent_config: { reasoning_min_steps: 0 } }] },
        { name: 'ok', members: [{ name: 'A', agent_config: { reasoning_min_steps: 8, reasoning_max_steps: 3 } }] },
        { name: 'ok', config: { mode: 'route' } },
        { name: 'ok', config: { model_provider: 'groq' } },
        { name: 'ok', config: { num_history_runs: 0 } },
        { name: 'ok', config: { num_history_runs: 11 } },
        { name: 'ok', config: { reasoning_max_steps: 21 } },
        { name: 'ok', config: { reasoning_min_steps: 12 } },
        { name: 'ok', config: { instructions: 'i'.repeat(20001) } },
        { name: 'ok', config: { markdown: 'true' } },
        { name: 'ok', config: [] },
        [],
        { name: 'nul \u0000 inside' },
        { name: 'ok', config: { instructions: 'Do it\u0000' } },
        {
          name: 'ok',
          members: [{ name: 'A', agent_config: { tools: [{ type: 'x', params: { deep: { er: 'v\u0000' } } }] } }],
        },
        { name: 'ok', members: [{ name: 'A', agent_config: { tools: [{ type: 'x', params: { a: nested(40) } }] } }] },
      ];
      for (const body of bad) {
        const res = await client(server, owner.token).put(`/teams/${TEAM_ID}`, body);
        assert.equal(
          res.status,
          422,
          `${JSON.stringify(body).slice(0, 120)} → ${res.status} ${JSON.stringify(res.body)}`,
        );
        assert.equal(typeof res.body.detail, 'string');
      }
      const notJson = await client(server, owner.token).raw('PUT', `/teams/${TEAM_ID}`, '{"name":', {
        'content-type': 'application/json',
      });
      assert.equal(notJson.status, 400);
      const jsonString = await client(server, owner.token).raw('PUT', `/teams/${TEAM_ID}`, '"a string"', {
        'content-type': 'application/json',
      });
      assert.equal(jsonString.status, 422);
      const plainText = await client(server, owner.token).raw('PUT', `/teams/${TEAM_ID}`, 'name=x', {
        'content-type': 'text/plain',
      });
      assert.equal(plainText.status, 422);
      assert.deepEqual(await storedTeam(server, TEAM_ID), before);
    });

    it('keeps only knowledge bases the editor owns', async () => {
      const now = new Date();
      await server.ctx.db.insert(knowledgeBases).values([
        { id: 'kb-owner', ownerId: owner.id, name: 'Mine', collection: 'kb_mine_1', createdAt: now, updatedAt: now },
        {
          id: 'kb-other',
          ownerId: other.id,
          name: 'Theirs',
          collection: 'kb_theirs_1',
          createdAt: now,
          updatedAt: now,
        },
      ]);
      const res = await client(server, owner.token).put(`/teams/${TEAM_ID}`, {
        name: 'Automation Crew',
        members: [
          { name: 'Reader', agent_config: { knowledge_base_ids: ['kb-owner', 'kb-other', 'kb-owner', 'kb-gone'] } },
        ],
      });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data.members[0].agent_config.knowledge_base_ids, ['kb-owner']);
    });
  });

  describe('listing, cloning and deleting', () => {
    let privateTeamId: string;

    it('clones a visible team into a private copy owned by the caller', async () => {
      const res = await client(server, other.token).post(`/teams/${TEAM_ID}/clone`);
      assert.equal(res.status, 201);
      const clone: Team = res.body.data;
      assert.match(clone.id, /^[0-9a-f]{24}$/);
      assert.equal(clone._id, clone.id);
      assert.notEqual(clone.id, TEAM_ID);
      assert.equal(clone.name, 'Automation Crew (Copy)');
      assert.equal(clone.owner_id, other.id);
      assert.equal(clone.is_public, false);
      assert.deepEqual(
        clone.members.map((m) => m.name),
        ['Reader'],
      );
      // The original owner's knowledge base does not travel with the copy.
      assert.deepEqual(clone.members[0]!.agent_config?.knowledge_base_ids, []);
      privateTeamId = clone.id;
    });

    it('hides a private team from other users (403) and answers 404 for unknown ids', async () => {
      assert.equal((await client(server, other.token).get(`/teams/${privateTeamId}`)).status, 200);
      const denied = await client(server, owner.token).get(`/teams/${privateTeamId}`);
      assert.equal(denied.status, 403);
      assert.equal(denied.body.detail, 'You do not have access to this team');
      assert.equal((await client(server, owner.token).post(`/teams/${privateTeamId}/clone`)).status, 403);
      assert.equal((await client(server, owner.token).get('/teams/000000000000000000000000')).status, 404);
      assert.equal((await client(server, owner.token).post('/teams/000000000000000000000000/clone')).status, 404);
      // Fastify refuses path parameters over 100 characters before any handler runs.
      assert.equal((await client(server, owner.token).get(`/teams/${'z'.repeat(500)}`)).status, 414);
      assert.equal((await client(server, owner.token).get('/teams/%00')).status, 422);
    });

    it('lists own teams plus public ones, the configured team first', async () => {
      const mine = await client(server, other.token).get('/teams?limit=10&skip=0&include_public=true');
      assert.equal(mine.status, 200);
      assert.equal(mine.body.data.total, 2);
      assert.deepEqual(
        mine.body.data.teams.map((t: Team) => t.id),
        [TEAM_ID, privateTeamId],
      );
      const ownOnly = await client(server, other.token).get('/teams?include_public=false');
      assert.deepEqual(
        ownOnly.body.data.teams.map((t: Team) => t.id),
        [privateTeamId],
      );
      const page = await client(server, other.token).get('/teams?limit=1&skip=1');
      assert.equal(page.body.data.total, 2);
      assert.deepEqual(
        page.body.data.teams.map((t: Team) => t.id),
        [privateTeamId],
      );
      const others = await client(server, owner.token).get('/teams');
      assert.deepEqual(
        others.body.data.teams.map((t: Team) => t.id),
        [TEAM_ID],
      );
      for (const query of ['limit=0', 'limit=101', 'limit=abc', 'skip=-1', 'include_public=maybe']) {
        assert.equal((await client(server, other.token).get(`/teams?${query}`)).status, 422, query);
      }
    });

    it('shows a team made public to every user, and hides it again when made private', async () => {
      const shared = await client(server, other.token).put(`/teams/${privateTeamId}`, {
        name: 'Shared crew',
        is_public: true,
      });
      assert.equal(shared.status, 200);
      const seen = await client(server, owner.token).get('/teams');
      assert.deepEqual(
        seen.body.data.teams.map((t: Team) => t.id),
        [TEAM_ID, privateTeamId],
      );
      assert.equal((await client(server, owner.token).get(`/teams/${privateTeamId}`)).body.data.name, 'Shared crew');
      await client(server, other.token).put(`/teams/${privateTeamId}`, { name: 'Shared crew', is_public: false });
      assert.equal((await client(server, owner.token).get(`/teams/${privateTeamId}`)).status, 403);
    });

    it('lets only the owner delete a team, and refuses to delete the configured team', async () => {
      const session = await createSession(server.ctx, { teamId: privateTeamId, userId: other.id });
      const denied = await client(server, owner.token).delete(`/teams/${privateTeamId}`);
      assert.equal(denied.status, 403);
      assert.equal(denied.body.detail, 'Only the team owner can delete this team');
      const res = await client(server, other.token).delete(`/teams/${privateTeamId}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { data: { deleted: true } });
      assert.equal((await client(server, other.token).get(`/teams/${privateTeamId}`)).status, 404);
      const sessions = await server.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, session.session_id));
      assert.equal(sessions.length, 0);
      assert.equal((await client(server, other.token).delete(`/teams/${privateTeamId}`)).status, 404);

      const configured = await client(server, owner.token).delete(`/teams/${TEAM_ID}`);
      assert.equal(configured.status, 409);
      assert.match(configured.body.detail, /configured team cannot be deleted/);
      assert.ok(await storedTeam(server, TEAM_ID));
    });
  });
});
