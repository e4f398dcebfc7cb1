// A real run in which a member (scripted model) calls every function of the catalogue's tools once: each call is in
// the reply's timeline with its true arguments (secrets masked) and result; the e-mail reaches the SMTP server, the
// saved file is attached to the reply and downloads for its owner only, and Add Tools offers e-mail (SMTP_URL set).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { ToolCall } from '../../contract/types.ts';
import { teams } from '../src/db/schema.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';
import { startFakeOpenAI, textReply, type ChatRequest, type FakeOpenAI, type FakeReply } from './fakes/openai.ts';
import { multipartBody } from './fixtures/knowledge/multipart.ts';

const SECRET = 'tok_0123456789abcdefghij';

/** Several function calls in one model reply, as parallel tool calls arrive. */
const callsReply = (calls: Array<[string, Record<string, unknown>]>): FakeReply => ({
  kind: 'stream',
  chunks: [
    {
      tool_calls: calls.map(([name, args], index) => ({
        index,
        // Ids are unique across the run: the timeline keys its entries by them.
        id: `call_${name}_${index}`,
        name,
        arguments: JSON.stringify(args),
      })),
    },
    { finish_reason: 'tool_calls' },
  ],
});

async function bodyOf(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

describe('a run that uses every catalogue tool', () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let target: Server;
  let smtp: SMTPServer;
  let api = '';
  let token = '';
  const mails: Array<{ to: string[]; data: string }> = [];
  let calls: Array<[string, Record<string, unknown>]> = [];

  function script(request: ChatRequest): FakeReply {
    const results = request.messages.filter((m) => m.role === 'tool').length;
    if (String(request.messages[0]?.content).startsWith('You coordinate')) {
      return results
        ? textReply('Done: every tool was used.')
        : callsReply([['transfer_task_to_member', { member_id: 'toolsmith', task: 'Use every tool once' }]]);
    }
    return results ? textReply('All tools answered.') : callsReply(calls);
  }

  before(async () => {
    target = createServer((req, res) => {
      void bodyOf(req).then((body) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization ?? null, body }));
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        void bodyOf(stream as unknown as IncomingMessage).then((data) => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    fake = await startFakeOpenAI(script);
    server = await startTestServer({
      LLM_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test-key',
      // The operator's setting that lets tools reach this machine's local servers (the HTTP target).
      ALLOW_PRIVATE_TOOL_HOSTS: 'true',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      FREE_CREDITS: '500',
    });
    token = await signIn(server, 'ada@example.com');
    const me = await client(server, token).get('/auth/users/me');
    const teamId = server.ctx.config.TEAM_ID;
    await server.ctx.db
      .update(teams)
      .set({ ownerId: me.body.id ?? me.body.data.id })
      .where(eq(teams.id, teamId));
    const current = (await client(server, token).get(`/teams/${teamId}`)).body.data;
    const put = await client(server, token).put(`/teams/${teamId}`, {
      ...current,
      members: [
        {
          name: 'Toolsmith',
          role: 'Uses every tool',
          agent_config: {
            tools: [
              { type: 'calculator' },
              { type: 'http_request' },
              { type: 'file' },
              { type: 'email' },
              { type: 'n8n_docs' },
            ],
          },
        },
      ],
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  });
  after(async () => {
    await server.close();
    await fake.close();
    target.closeAllConnections();
    target.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('offers e-mail because SMTP_URL is set, and still not code', async () => {
    const res = await client(server, token).get('/agents/tools/available');
    assert.ok(res.body.data.available_tools.email);
    assert.deepEqual(Object.keys(res.body.data.unavailable_tools).sort(), ['duckduckgo', 'python']);
  });

  it('shows each call in the timeline with its true arguments and result', async () => {
    const teamId = server.ctx.config.TEAM_ID;
    const upload = multipartBody([{ field: 'files', filename: 'brief.txt', contentType: 'text/plain', data: 'Brief' }]);
    const up = await server.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${teamId}/upload-files`,
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${token}` },
    });
    assert.equal(up.statusCode, 200, up.body);
    const { session_id, successful_files } = up.json().data;
    calls = [
      ['add', { a: 2, b: 3 }],
      ['subtract', { a: 5, b: 7 }],
      ['multiply', { a: 6, b: 7 }],
      ['divide', { a: 1, b: 4 }],
      ['exponentiate', { a: 2, b: 10 }],
      ['factorial', { n: 5 }],
      ['is_prime', { n: 13 }],
      ['square_root', { a: 81 }],
      ['http_get', { url: `${api}/items?api_key=${SECRET}` }],
      ['http_post', { url: `${api}/items`, body: '{"name":"a"}', headers: { Authorization: `Bearer ${SECRET}` } }],
      ['http_put', { url: `${api}/items/1`, body: 'b' }],
      ['http_delete', { url: `${api}/items/1` }],
      ['read_file', { file_name: 'brief.txt' }],
      ['save_file', { file_name: 'summary.md', content: '# Summary\nAll tools work.' }],
      ['list_files', {}],
      ['email_user', { subject: 'Your tools', body: 'Every tool answered.' }],
      ['search_n8n_docs', { query: 'slack' }],
      ['read_n8n_docs', { node_type: 'n8n-nodes-base.slack' }],
    ];
    const res = await client(server, token).post(`/teams/${teamId}/chat`, {
      message: 'Use every tool once',
      session_id,
      file_ids: [successful_files[0].file_id],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const tools = (res.body.data.tools as ToolCall[]).filter((t) => t.tool_name !== 'transfer_task_to_member');
    assert.deepEqual(
      tools.map((t) => t.tool_name),
      calls.map(([name]) => name),
    );
    for (const t of tools) assert.equal(t.tool_call_error, false, `${t.tool_name}: ${String(t.result)}`);
    const byName = Object.fromEntries(tools.map((t) => [t.tool_name, t]));
    const result = (name: string) => String(byName[name]!.result);

    for (const [name, args] of calls.filter(([n]) => !n.startsWith('http_')))
      assert.deepEqual(byName[name]!.tool_args, args, name);
    assert.deepEqual(
      ['add', 'subtract', 'multiply', 'divide', 'exponentiate', 'factorial', 'is_prime', 'square_root'].map(result),
      ['5', '-2', '42', '0.25', '1024', '120', '13 is a prime number.', '9'],
    );

    assert.deepEqual(byName.http_get!.tool_args, { url: `${api}/items?api_key=***` });
    assert.deepEqual(byName.http_post!.tool_args, {
      url: `${api}/items`,
      body: '{"name":"a"}',
      headers: { Authorization: '***' },
    });
    const echoed = (name: string) => JSON.parse(result(name).split('\n\n')[1]!);
    assert.deepEqual(
      ['http_get', 'http_post', 'http_put', 'http_delete'].map((n) => [echoed(n).method, echoed(n).body]),
      [
        ['GET', ''],
        ['POST', '{"name":"a"}'],
        ['PUT', 'b'],
        ['DELETE', ''],
      ],
    );
    assert.ok(!JSON.stringify(res.body).includes(SECRET), 'the secret never shows');

    assert.equal(result('read_file'), 'Brief');
    const saved = JSON.parse(result('save_file').split('\n\n')[0]!);
    assert.equal(saved.file_name, 'summary.md');
    assert.match(
      result('list_files'),
      /- brief\.txt \(text\/plain, 5 bytes, attached\)\n- summary\.md \(.*saved in this run\)/,
    );
    assert.equal(result('email_user'), 'Sent the e-mail "Your tools" to ada@example.com.');
    assert.deepEqual(mails.at(-1)?.to, ['ada@example.com']);
    assert.match(mails.at(-1)!.data, /Every tool answered\./);
    assert.match(result('search_n8n_docs'), /`n8n-nodes-base\.slack`/);
    assert.match(result('read_n8n_docs'), /^# Slack node/);

    // The saved file is attached to the reply (and to the stored message), and downloads for its owner only.
    assert.deepEqual(res.body.data.files, [
      {
        file_id: saved.file_id,
        original_filename: 'summary.md',
        size: saved.size,
        content_type: 'text/markdown; charset=utf-8',
      },
    ]);
    const history = await client(server, token).get(`/teams/sessions/${session_id}/messages`);
    const stored = history.body.data.messages.find((m: { role: string }) => m.role !== 'user');
    assert.deepEqual(stored.file_ids, [saved.file_id]);
    assert.deepEqual(stored.files, res.body.data.files);
    const path = new URL(saved.download_url).pathname;
    const own = await client(server, token).raw('GET', path);
    assert.equal(own.status, 200);
    assert.equal(own.body, '# Summary\nAll tools work.');
    assert.match(String(own.headers['content-disposition']), /^attachment; filename="summary\.md"/);
    const other = await signIn(server, 'eve@example.com');
    assert.equal((await client(server, other).raw('GET', path)).status, 404);
    assert.equal((await client(server).raw('GET', path)).status, 401);
  });
});
