// Team runs over HTTP (finished reply and NDJSON stream), files, knowledge, credentials and the Agent's Computer page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { StreamFrame, TeamChatReply, TeamMember } from '../../contract/types.ts';
import { documentChunks, documents, knowledgeBases, teams, chatSessions } from '../src/db/schema.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

function multipart(field: string, filename: string, content: Buffer) {
  const boundary = '----runtime-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const workflowOf = (content: string) => JSON.parse(/```json\n([\s\S]+?)\n```/.exec(content)?.[1] ?? 'null');

describe('team runtime over HTTP', () => {
  let server: TestServer;
  let teamId: string;
  let token: string;
  let userId: string;

  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '500', PUBLIC_URL: 'https://studio.example.com' });
    teamId = server.ctx.config.TEAM_ID;
    token = await signIn(server, 'http-runner@example.com');
    userId = (await server.ctx.tokens.verify(token))!;
  });
  after(() => server.close());

  it('refuses unpaired surrogates and NUL in text with 422 at every boundary, charging and storing nothing', async () => {
    const api = client(server, token);
    const balance = (await api.get('/credits/balance')).body;
    const sessions = async () => (await server.ctx.db.select().from(chatSessions)).length;
    const sessionsBefore = await sessions();
    for (const message of ['Every day \uD800 post to Slack', 'lone low \uDC00', 'trailing high \uDBFF', 'nul \u0000']) {
      const res = await api.post(`/teams/${teamId}/chat`, { message, stream: false });
      assert.equal(res.status, 422, JSON.stringify(res.body));
      assert.match(res.body.detail, /NUL characters or unpaired UTF-16 surrogates/);
    }
    const kb = await api.post('/knowledge/bases', { name: 'Notes \uD83D', description: '' });
    assert.equal(kb.status, 422);
    assert.equal(await sessions(), sessionsBefore);
    assert.deepEqual((await api.get('/credits/balance')).body, balance);
    const emoji = await api.post(`/teams/${teamId}/chat`, {
      message: 'Every day post 🎉 to #sales on Slack',
      stream: false,
    });
    assert.equal(emoji.status, 200, 'a proper surrogate pair is fine');
    assert.equal(await sessions(), sessionsBefore + 1);
  });

  it('returns the finished reply with stream false', async () => {
    const res = await client(server, token).post<{ data: TeamChatReply }>(`/teams/${teamId}/chat`, {
      message: 'When a new email arrives, add a row to a Google Sheet and post it to #inbox on Slack',
      stream: false,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const reply = res.body.data;
    assert.ok(reply.session_id);
    assert.equal(reply.member_responses.length, 4);
    assert.ok(reply.tools.some((t) => t.tool_name === 'transfer_task_to_member'));
    const workflow = workflowOf(reply.content);
    assert.deepEqual(structuralProblems(workflow), []);
    assert.deepEqual(
      workflow.nodes.map((n: { type: string }) => n.type),
      ['n8n-nodes-base.emailReadImap', 'n8n-nodes-base.googleSheets', 'n8n-nodes-base.slack'],
    );
    const stored = await client(server, token).get(`/teams/sessions/${reply.session_id}/messages`);
    assert.equal(stored.body.data.messages[1].content, reply.content);
  });

  it('streams the same frames as newline-delimited JSON with stream true', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${teamId}/chat`,
      headers: { authorization: `Bearer ${token}` },
      payload: { message: 'Every 15 minutes fetch https://api.example.com/orders', stream: true },
    });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /application\/x-ndjson/);
    const frames = res.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as StreamFrame);
    assert.equal(frames[0]?.type, 'start');
    assert.equal(frames.at(-1)?.type, 'end');
    assert.ok(frames.some((f) => f.event === 'ToolCallStarted'));
    assert.ok(frames.some((f) => f.member_responses?.length));
    const text = frames.map((f) => f.content ?? '').join('');
    assert.deepEqual(workflowOf(text).nodes[0].parameters.rule.interval, [{ field: 'minutes', minutesInterval: 15 }]);
  });

  it("answers bad input, bad tokens, unknown teams and others' sessions with errors that store nothing", async () => {
    const api = client(server, token);
    const other = await signIn(server, 'http-other@example.com');
    const own = await api.post(`/teams/${teamId}/chat`, { message: 'Every day post to Slack' });
    const sessionId = own.body.data.session_id;
    const cases: Array<[unknown, number]> = [
      [{}, 422],
      [{ message: '' }, 422],
      [{ message: 42 }, 422],
      [{ message: 'hi', stream: 'yes' }, 422],
      [{ message: 'hi', file_ids: 'x' }, 422],
      [{ message: 'x'.repeat(100_001) }, 422],
      [{ message: 'hi', session_id: 'no-such-session' }, 404],
      [{ message: 'hi', file_ids: ['no-such-file'] }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await api.post(`/teams/${teamId}/chat`, body);
      assert.equal(res.status, status, `${JSON.stringify(body).slice(0, 80)} → ${JSON.stringify(res.body)}`);
    }
    assert.equal((await client(server).post(`/teams/${teamId}/chat`, { message: 'hi' })).status, 401);
    assert.equal((await client(server, 'forged').post(`/teams/${teamId}/chat`, { message: 'hi' })).status, 401);
    assert.equal((await api.post('/teams/ffffffffffffffffffffffff/chat', { message: 'hi' })).status, 404);
    assert.equal(
      (await client(server, other).post(`/teams/${teamId}/chat`, { message: 'hi', session_id: sessionId })).status,
      403,
    );
    const stored = await api.get(`/teams/sessions/${sessionId}/messages`);
    assert.equal(stored.body.data.messages.length, 2);
  });

  it('answers 402 insufficient_credits when the balance cannot pay for the run', async () => {
    const poorServer = await startTestServer({ FREE_CREDITS: '1' });
    try {
      const poor = await signIn(poorServer, 'http-poor@example.com');
      const res = await client(poorServer, poor).post(`/teams/${poorServer.ctx.config.TEAM_ID}/chat`, {
        message: 'Every day post to Slack',
      });
      assert.equal(res.status, 402);
      assert.equal(res.body.detail.code, 'insufficient_credits');
      assert.equal((await client(poorServer, poor).get('/credits/balance')).body.available_credits, 1);
    } finally {
      await poorServer.close();
    }
  });

  it('gives the run the text of uploaded files', async () => {
    const { payload, headers } = multipart(
      'files',
      'requirements.txt',
      Buffer.from('Every Friday at 5pm post the weekly numbers to #reports on Slack.'),
    );
    const up = await server.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${teamId}/upload-files`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    assert.equal(up.statusCode, 200, up.body);
    const { session_id, successful_files } = up.json().data;
    const res = await client(server, token).post(`/teams/${teamId}/chat`, {
      message: 'Build the workflow described in the attached file',
      session_id,
      file_ids: [successful_files[0].file_id],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const workflow = workflowOf(res.body.data.content);
    assert.equal(workflow.nodes[0].parameters.rule.interval[0].triggerAtDay[0], 5);
    assert.equal(workflow.nodes[0].parameters.rule.interval[0].triggerAtHour, 17);
    assert.equal(workflow.nodes[1].parameters.channelId.value, '#reports');
    assert.match(res.body.data.content, /requirements\.txt/);
    const stored = await client(server, token).get(`/teams/sessions/${session_id}/messages`);
    assert.deepEqual(stored.body.data.messages[0].file_ids, [successful_files[0].file_id]);
  });

  it('lets a member search its knowledge base and returns real snippets', async () => {
    const kbId = 'kb-runtime-test';
    await server.ctx.db
      .insert(knowledgeBases)
      .values({ id: kbId, ownerId: userId, name: 'Runbook', collection: 'kb_Runbook_1' });
    await server.ctx.db
      .insert(documents)
      .values({ id: 'doc-1', knowledgeBaseId: kbId, name: 'sales-runbook.txt', contentType: 'text/plain', size: 80 });
    await server.ctx.db.insert(documentChunks).values({
      id: 'chunk-1',
      documentId: 'doc-1',
      knowledgeBaseId: kbId,
      position: 0,
      content: 'Weekly sales figures are posted to the #sales-leads Slack channel every Monday by the revenue team.',
    });
    const [row] = await server.ctx.db.select().from(teams).where(eq(teams.id, teamId));
    const withKb = (members: TeamMember[]) =>
      members.map((m) =>
        m.name === 'Research Assistant' ? { ...m, agent_config: { ...m.agent_config, knowledge_base_ids: [kbId] } } : m,
      );
    await server.ctx.db
      .update(teams)
      .set({ members: withKb(row!.members), config: { ...row!.config, members: withKb(row!.config.members) } })
      .where(eq(teams.id, teamId));

    const res = await client(server, token).post(`/teams/${teamId}/chat`, {
      message: 'Every Monday post weekly sales figures to Slack',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const search = res.body.data.tools.find((t: { tool_name: string }) => t.tool_name === 'search_knowledge_base');
    assert.ok(search, 'the member searched its knowledge base');
    assert.equal(search.tool_call_error, false);
    assert.match(search.result, /sales-runbook\.txt/);
    assert.match(search.result, /#sales-leads Slack channel/);
    assert.match(res.body.data.content, /From your knowledge base/);
  });

  it('says the browser is off without Chromium and gives no vnc_url (no fake computer)', async () => {
    const res = await client(server, token).post(`/teams/${teamId}/chat`, {
      message: 'Every hour call https://api.example.com/<script>',
    });
    const browser = res.body.data.tools.find((t: { tool_name: string }) => t.tool_name === 'open_url');
    assert.ok(browser, 'the browser member was called');
    assert.equal(browser.tool_call_error, true);
    assert.match(browser.result, /turned off on this server \(CHROMIUM_PATH is empty\)/);
    assert.match(browser.result, /No browser was opened/);
    assert.ok(!browser.result.includes('vnc'), browser.result);

    // Without the owner's signed link the page shows nothing of the run.
    const unsigned = await server.app.inject({
      method: 'GET',
      url: '/computer/00000000-0000-4000-8000-000000000000/vnc.html?view_only=true',
    });
    assert.equal(unsigned.statusCode, 403);
    assert.match(unsigned.body, /no access token/);
    const missing = await server.app.inject({
      method: 'GET',
      url: '/computer/00000000-0000-4000-8000-000000000000/vnc.html?token=x',
    });
    assert.equal(missing.statusCode, 403, 'a forged link is refused before the run is looked up');
    assert.match(missing.body, /expired or was made for another run/);
    const bad = await server.app.inject({ method: 'GET', url: '/computer/..%2F..%2Fetc/vnc.html' });
    assert.equal(bad.statusCode, 404);
  });
});
