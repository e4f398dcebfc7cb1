// One contract (contract/): the server builds frames only through its constructors, every frame a test server sends
// is checked against the wire schema and read with the SPA's own parser (helpers.ts), and a frame outside the
// contract fails the suite that made the server send it; the SPA's response readers read every answer of the server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { frames, type WireFrame } from '../../contract/frames.ts';
import { parseFrame } from '../../contract/parseFrame.ts';
import { readers } from '../../contract/responses.ts';
import { client, frameRejection, signIn, startTestServer, type TestServer } from './helpers.ts';
import { connect, isLast } from './socketClient.ts';

const call = { tool_call_id: 'c1', tool_name: 'search_nodes', tool_args: { query: 'slack' } };

describe('the frame contract', () => {
  it('the constructors build frames the schema and the SPA parser both accept', () => {
    const built: WireFrame[] = [
      frames.start({ session_id: 's1' }),
      frames.chunk({ content: 'Hello', session_id: 's1', run_id: 'r1', seq: 2 }),
      frames.tool({ event: 'ToolCallStarted', active_tool: call, tools: [call], session_id: 's1' }),
      frames.chunk({ member_responses: [{ member_name: 'Planner', content: 'Plan' }] }),
      frames.end({ session_id: 's1', tools: [{ ...call, result: '[]' }], member_responses: [], stopped: true }),
      frames.error('insufficient_credits', 'Not enough credits', { session_id: 's1' }),
    ];
    for (const frame of built) assert.equal(frameRejection(frame), null, JSON.stringify(frame));
    const end = parseFrame(JSON.stringify(built[4]));
    assert.ok(end.ok && end.frame.type === 'end' && end.frame.stopped && end.frame.event === 'RunCompleted');
    const error = parseFrame(JSON.stringify(built[5]));
    assert.ok(error.ok && error.frame.type === 'error' && error.frame.error_code === 'insufficient_credits');
  });

  it('rejects frames outside the contract, with the reason', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ type: 'chunk', content: 'x', typo_field: 1 }, /typo_field|Unrecognized|Invalid input/],
      [{ type: 'chunk', event: 'ToolCallStarted', tools: [call] }, /active_tool|Unrecognized keys: "event"/],
      [{ type: 'error', error: 'boom', message: 'boom' }, /error_code|Invalid input/],
      [{ type: 'start', run_id: 'r1', seq: 0 }, /seq|Invalid input/],
      [{ type: 'end', done: true, tools: [], member_responses: [] }, /event|Invalid input/],
      [{ type: 'progress' }, /Invalid input/],
    ];
    for (const [frame, reason] of cases) {
      const problem = frameRejection(frame);
      assert.ok(problem, `accepted ${JSON.stringify(frame)}`);
      assert.match(problem, reason);
    }
  });

  it('a test server whose runtime sent a frame outside the contract fails on close', async () => {
    const server = await startTestServer();
    server.ctx.onFrame!({ type: 'chunk', content: 'x', stray: true } as unknown as WireFrame);
    await assert.rejects(server.close(), /outside the contract[\s\S]*stray/);
  });
});

describe('frames a real run sends', () => {
  let server: TestServer;
  let token: string;
  let teamId: string;
  const tapped: WireFrame[] = [];

  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '500' }, { onFrame: (frame) => tapped.push(frame) });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    teamId = server.ctx.config.TEAM_ID;
    token = await signIn(server, 'contract@example.com');
  });
  after(() => server.close());

  it('every frame of a socket run and of an NDJSON run is in the contract, and the tap sees each one sent', async () => {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: 'Every morning at 9 post the weather in Berlin to #general on Slack' }));
    const last = await conn.waitFor(isLast, 60_000);
    assert.equal(last.type, 'end', JSON.stringify(last));
    conn.ws.close();
    assert.ok(
      conn.frames.some((f) => f.event === 'ToolCallCompleted'),
      'the run called tools',
    );
    for (const frame of conn.frames) assert.equal(frameRejection(frame), null, JSON.stringify(frame));
    assert.equal(tapped.length, conn.frames.length);

    tapped.length = 0;
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${teamId}/chat`,
      headers: { authorization: `Bearer ${token}` },
      payload: { message: 'When a form is submitted, add the row to Google Sheets', stream: true },
    });
    assert.equal(res.statusCode, 200);
    const lines = res.body
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as unknown);
    assert.ok(lines.length > 3);
    for (const frame of lines) assert.equal(frameRejection(frame), null, JSON.stringify(frame));
    assert.equal(tapped.length, lines.length);
  });
});

describe('the SPA reads every response of the reference server', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  let teamId: string;

  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '500' });
    teamId = server.ctx.config.TEAM_ID;
    api = client(server, await signIn(server, 'reader@example.com'));
  });
  after(() => server.close());

  /** GET (or send) one endpoint and read its answer with the SPA's reader; a reader that throws fails the test. */
  const readOk = async <T>(reader: (raw: unknown) => T, call: Promise<{ status: number; body: unknown }>) => {
    const res = await call;
    assert.ok(res.status < 300, `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return { read: reader(res.body), data: (res.body as { data?: unknown }).data ?? res.body };
  };

  it('accounts, credits, payments and catalogues', async () => {
    const me = await readOk(readers.user, api.get('/auth/users/me'));
    assert.equal(me.read.email, 'reader@example.com');
    assert.equal((await readOk(readers.balance, api.get('/credits/balance'))).read.available_credits, 500);
    assert.equal((await readOk(readers.creditStatus, api.get('/credits/status'))).read.has_credits, true);
    const page = await readOk(readers.transactions, api.get('/credits/transactions?limit=10&skip=0'));
    assert.equal(page.read.total, (page.data as { total: number }).total);
    assert.ok((await readOk(readers.packages, api.get('/payments/packages'))).read.length > 0);
    const plans = await readOk(readers.plans, api.get('/payments/plans'));
    assert.deepEqual(Object.keys(plans.read), Object.keys((plans.data as { plans: object }).plans));
    assert.equal(
      (await readOk(readers.subscriptionStatus, api.get('/payments/subscription/status'))).read.is_subscribed,
      false,
    );
    await readOk(readers.subscriptionHistory, api.get('/payments/subscription/history?include_canceled=false'));
    const [planId] = Object.keys(plans.read);
    const checkout = await readOk(
      readers.checkoutSession,
      api.post('/payments/create-subscription-session', { price_id: planId }),
    );
    assert.match(checkout.read.url, /^\/|^https?:/);
    await readOk(readers.credentials, api.get('/credentials/mcp'));
    assert.ok((await readOk(readers.credentialServers, api.get('/credentials/mcp/servers'))).read.length > 0);
    assert.ok(Object.keys((await readOk(readers.availableTools, api.get('/agents/tools/available'))).read).length > 0);
    await readOk(readers.availableMcpServers, api.get('/agents/mcp/servers/available'));
  });

  it('knowledge, teams, sessions and a finished chat reply', async () => {
    const kb = await readOk(readers.knowledgeBase, api.post('/knowledge/bases', { name: 'Notes', description: '' }));
    assert.equal(kb.read.id, (kb.data as { id: string }).id);
    assert.equal((await readOk(readers.knowledgeBases, api.get('/knowledge/bases?limit=10&skip=0'))).read.total, 1);
    assert.equal((await readOk(readers.knowledgeBase, api.get(`/knowledge/bases/${kb.read.id}`))).read.name, 'Notes');
    const doc = await readOk(
      readers.document,
      api.post(`/knowledge/bases/${kb.read.id}/documents`, { name: 'a.txt', content: 'Hello' }),
    );
    assert.equal(
      (await readOk(readers.documents, api.get(`/knowledge/bases/${kb.read.id}/documents`))).read.documents[0]?.id,
      doc.read.id,
    );

    const teams = await readOk(readers.teams, api.get('/teams?limit=10&skip=0&include_public=true'));
    assert.ok(teams.read.teams.some((t) => t.id === teamId));
    const team = await readOk(readers.team, api.get(`/teams/${teamId}`));
    assert.deepEqual(team.read.members, (team.data as { members: unknown }).members);
    const clone = await readOk(readers.team, api.post(`/teams/${teamId}/clone`));
    assert.notEqual(clone.read.id, teamId);

    const reply = await readOk(
      readers.chatReply,
      api.post(`/teams/${teamId}/chat`, { message: 'Every hour post the weather to #general on Slack', stream: false }),
    );
    const sessionId = reply.read.session_id;
    const sessions = await readOk(readers.sessions, api.get(`/teams/${teamId}/sessions?limit=50&offset=0`));
    assert.ok(sessions.read.sessions.some((s) => s.session_id === sessionId));
    await readOk(readers.sessions, api.get('/teams/sessions?limit=20'));
    assert.equal((await readOk(readers.session, api.get(`/teams/sessions/${sessionId}`))).read.session_id, sessionId);
    const messages = await readOk(readers.sessionMessages, api.get(`/teams/sessions/${sessionId}/messages?limit=100`));
    assert.deepEqual(
      messages.read.messages.map((m) => m.role),
      ['user', 'team_response'],
    );
    assert.ok(messages.read.messages.every((m) => !Number.isNaN(Date.parse(String(m.created_at)))));
  });
});
