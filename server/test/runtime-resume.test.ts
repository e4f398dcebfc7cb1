// Runs outlive their connections: a run goes on when its socket closes, any connection (on this instance or another
// one on the same database) resumes it after the last frame it applied and gets every missing frame once and in
// order, Stop (socket message or HTTP) ends it as stopped with what it produced, and each run is its owner's only.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { StreamFrame } from '../../contract/types.ts';
import { readFile } from 'node:fs/promises';
import { chatMessages, teams } from '../src/db/schema.ts';
import { createServer, type Server } from '../src/server.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';
import { writeTestCatalogue, type TestCatalogue } from './fakes/mcpCatalog.ts';
import { startFakeOpenAI, textReply, toolCallReply, type FakeOpenAI } from './fakes/openai.ts';
import { connect, isLast, type Conn } from './socketClient.ts';

const REQUEST = 'Every Monday at 8am fetch https://api.example.com/sales and post a summary to #sales on Slack';

type Numbered = StreamFrame & { run_id: string; seq: number };

/** Waits until the connection has `n` frames and returns them. */
async function firstFrames(conn: Conn, n: number): Promise<Numbered[]> {
  await conn.waitFor(() => conn.frames.length >= n, 20_000);
  return conn.frames.slice(0, n) as Numbered[];
}

const seqs = (frames: StreamFrame[]) => frames.map((f) => f.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const textOf = (frames: StreamFrame[]) =>
  frames
    .filter((f) => f.type === 'chunk' && typeof f.content === 'string')
    .map((f) => f.content)
    .join('');

describe('runs outlive their connections', () => {
  let server: TestServer;
  let second: Server;
  let teamId: string;
  let token: string;
  let otherToken: string;

  before(async () => {
    // Paced text keeps each run going for a few seconds: long enough to leave and come back mid-run.
    server = await startTestServer({ FREE_CREDITS: '500', STREAM_DELAY_MS: '25', INSTANCE_ID: 'first' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    // A second instance on the same database, as behind a load balancer.
    second = await createServer(
      { ...server.ctx.config, INSTANCE_ID: 'second', instanceId: 'second' },
      { database: server.database, inMemory: true },
    );
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    teamId = server.ctx.config.TEAM_ID;
    token = await signIn(server, 'resumer@example.com');
    otherToken = await signIn(server, 'someone-else@example.com');
  });
  after(async () => {
    await second.app.close();
    await second.ctx.mcp.close();
    await server.close();
  });

  /** Starts a run, keeps its first `n` frames, and closes the socket mid-run. */
  async function leaveAfter(n: number): Promise<Numbered[]> {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: REQUEST }));
    const seen = await firstFrames(conn, n);
    conn.ws.close();
    await conn.closed;
    assert.ok(!seen.some(isLast), 'the run was still going when the socket closed');
    return seen;
  }

  async function resume(on: Pick<Server, 'app'>, runId: string, afterSeq: number, who = token): Promise<Conn> {
    const conn = await connect(on, teamId, `token=${who}`);
    conn.ws.send(JSON.stringify({ type: 'resume', run_id: runId, after_seq: afterSeq }));
    return conn;
  }

  async function storedReply(runId: string) {
    const [row] = await server.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.runId, runId), eq(chatMessages.role, 'team_response')));
    return row!;
  }

  it('numbers every frame of a run 1, 2, 3, … with its run id, keeping every SPEC §3 field', async () => {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: REQUEST }));
    await conn.waitFor(isLast, 90_000);
    conn.ws.close();
    const frames = conn.frames as Numbered[];
    assert.equal(frames[0]?.type, 'start');
    assert.ok(frames[0]?.session_id);
    assert.equal(new Set(frames.map((f) => f.run_id)).size, 1);
    assert.deepEqual(seqs(frames), range(1, frames.length));
    assert.equal(frames.at(-1)?.type, 'end');
    assert.equal(frames.at(-1)?.done, true);
    assert.equal((await storedReply(frames[0]!.run_id)).runStatus, 'completed');
  });

  it('goes on when its socket closes; a resume after seq N gives every missing frame once, in order, to the end', async () => {
    const seen = await leaveAfter(6);
    const runId = seen[0]!.run_id;
    const conn = await resume(server, runId, 6);
    await conn.waitFor(isLast, 90_000);
    conn.ws.close();
    const rest = conn.frames as Numbered[];
    assert.deepEqual(seqs(rest), range(7, 6 + rest.length), 'nothing lost, nothing twice, in order');
    assert.ok(rest.every((f) => f.run_id === runId));
    assert.equal(rest.at(-1)?.type, 'end');
    const reply = await storedReply(runId);
    assert.equal(reply.runStatus, 'completed');
    assert.equal(textOf([...seen, ...rest]), reply.content, 'the frames spell exactly the stored reply');
  });

  it('is followed from another instance on the same database, live to its end', async () => {
    const seen = await leaveAfter(4);
    const runId = seen[0]!.run_id;
    const conn = await resume(second, runId, 4);
    await conn.waitFor(isLast, 90_000);
    conn.ws.close();
    const rest = conn.frames as Numbered[];
    assert.deepEqual(seqs(rest), range(5, 4 + rest.length));
    assert.equal(rest.at(-1)?.type, 'end');
    assert.equal(textOf([...seen, ...rest]), (await storedReply(runId)).content);
    // A client can also read the stored frames over HTTP, page by page.
    const page = await client(second, token).get(`/runs/${runId}/frames?after_seq=2&limit=3`);
    assert.equal(page.status, 200);
    assert.deepEqual(seqs(page.body.data.frames), [3, 4, 5]);
  });

  it('stops at a Stop message: the end frame says stopped, the partial reply is kept and marked stopped', async () => {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: REQUEST }));
    await conn.waitFor((f) => f.type === 'chunk' && typeof f.content === 'string' && f.content.length > 0, 20_000);
    conn.ws.send(JSON.stringify({ type: 'stop' }));
    const last = await conn.waitFor(isLast, 20_000);
    conn.ws.close();
    assert.equal(last.type, 'end');
    assert.equal(last.stopped, true);
    const runId = (conn.frames[0] as Numbered).run_id;
    const reply = await storedReply(runId);
    assert.equal(reply.runStatus, 'stopped');
    assert.ok(reply.content.length > 0, 'what was written before Stop is kept');
    assert.equal(textOf(conn.frames), reply.content);
    assert.ok(!reply.content.includes('```json'), 'the run did not go on to its end');
  });

  it('stops through POST /runs/{id}/stop from another instance, for its owner only', async () => {
    const seen = await leaveAfter(3);
    const runId = seen[0]!.run_id;
    assert.equal((await client(second, otherToken).post(`/runs/${runId}/stop`)).status, 403);
    assert.equal((await client(second).post(`/runs/${runId}/stop`)).status, 401);
    assert.equal((await client(second, token).post('/runs/no-such-run/stop')).status, 404);
    const res = await client(second, token).post(`/runs/${runId}/stop`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, { run_id: runId, status: 'stopping' });
    const conn = await resume(server, runId, 3);
    const last = await conn.waitFor(isLast, 20_000);
    conn.ws.close();
    assert.equal(last.stopped, true);
    assert.equal((await storedReply(runId)).runStatus, 'stopped');
    const again = await client(server, token).post(`/runs/${runId}/stop`);
    assert.deepEqual(again.body.data, { run_id: runId, status: 'finished' });
  });

  it("refuses to resume or read another user's run, and names an unknown one", async () => {
    const seen = await leaveAfter(2);
    const runId = seen[0]!.run_id;
    const stranger = await resume(server, runId, 0, otherToken);
    const refused = await stranger.waitFor(isLast);
    assert.equal(refused.error_code, 'forbidden');
    assert.ok(!stranger.frames.some((f) => f.type === 'chunk'), 'not a frame of the run reaches them');
    stranger.ws.close();
    assert.equal((await client(server, otherToken).get(`/runs/${runId}/frames`)).status, 403);
    const unknown = await resume(server, 'no-such-run', 0);
    assert.equal((await unknown.waitFor(isLast)).error_code, 'run_not_found');
    unknown.ws.close();
    const bad = await connect(server, teamId, `token=${token}`);
    bad.ws.send(JSON.stringify({ type: 'resume', run_id: runId, after_seq: -1 }));
    assert.equal((await bad.waitFor(isLast)).error_code, 'invalid_request');
    bad.ws.close();
    await client(server, token).post(`/runs/${runId}/stop`);
  });

  it('lists what a reply stored with its run: run_id and run_status', async () => {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: REQUEST }));
    const start = await conn.waitFor((f) => f.type === 'start');
    await conn.waitFor(isLast, 90_000);
    conn.ws.close();
    const res = await client(server, token).get(`/teams/sessions/${start.session_id}/messages`);
    assert.equal(res.status, 200);
    const reply = (res.body.data.messages as Array<{ role: string; run_id?: string; run_status?: string }>).find(
      (m) => m.role === 'team_response',
    );
    assert.equal(reply?.run_id, (start as Numbered).run_id);
    assert.equal(reply?.run_status, 'completed');
  });
});

describe('limits on runs', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '500', STREAM_DELAY_MS: '60', MAX_RUNS_PER_USER: '1' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    token = await signIn(server, 'busy@example.com');
  });
  after(() => server.close());

  it('refuses a run beyond MAX_RUNS_PER_USER at once, and takes one again when the first has ended', async () => {
    const teamId = server.ctx.config.TEAM_ID;
    const first = await connect(server, teamId, `token=${token}`);
    first.ws.send(JSON.stringify({ message: REQUEST }));
    await first.waitFor((f) => f.type === 'chunk');
    const second = await connect(server, teamId, `token=${token}`);
    second.ws.send(JSON.stringify({ message: REQUEST }));
    const refused = await second.waitFor(isLast);
    assert.equal(refused.error_code, 'too_many_runs');
    assert.equal(refused.message, 'You already have 1 team run going; wait for one to finish or stop it.');
    const http = await client(server, token).post(`/teams/${teamId}/chat`, { message: REQUEST, stream: false });
    assert.equal(http.status, 429);
    first.ws.send(JSON.stringify({ type: 'stop' }));
    await first.waitFor(isLast, 20_000);
    first.ws.close();
    second.ws.send(JSON.stringify({ message: 'Every day at 9am post to #sales on Slack' }));
    await second.waitFor((f) => f.type === 'end', 30_000);
    second.ws.close();
  });
});

describe('Stop stops the tools', () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let catalogue: TestCatalogue;
  let token: string;
  before(async () => {
    catalogue = await writeTestCatalogue();
    // The coordinator hands the task on; the member calls a tool that never answers.
    fake = await startFakeOpenAI((request) => {
      const coordinator = String(request.messages[0]?.content).startsWith('You coordinate');
      if (request.messages.some((m) => m.role === 'tool')) return textReply('Done.');
      return coordinator
        ? toolCallReply('call_d', 'transfer_task_to_member', {
            member_id: 'waiter',
            task: 'Wait for the tool',
            expected_output: 'Its answer',
          })
        : toolCallReply('call_h', 'fake__hang', {});
    });
    server = await startTestServer({
      FREE_CREDITS: '500',
      LLM_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-stop',
      CATALOG_FILE: catalogue.file,
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signIn(server, 'stopper@example.com');
    const ownerId = (await server.ctx.tokens.verify(owner))!;
    await server.ctx.db.update(teams).set({ ownerId }).where(eq(teams.id, server.ctx.config.TEAM_ID));
    const edited = await client(server, owner).put(`/teams/${server.ctx.config.TEAM_ID}`, {
      name: 'Waiting Team',
      members: [{ name: 'Waiter', role: 'Waits', agent_config: { tools: [{ type: 'mcp', server_ids: ['fake'] }] } }],
      config: { mode: 'coordinate' },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    token = owner;
  });
  after(async () => {
    await server.close();
    await fake.close();
    await catalogue.remove();
  });

  it('cancels a hanging MCP call (the tool server hears notifications/cancelled) and closes it with an error', async () => {
    const conn = await connect(server, server.ctx.config.TEAM_ID, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: 'Wait for the tool' }));
    const started = await conn.waitFor(
      (f) => f.event === 'ToolCallStarted' && f.active_tool?.tool_name === 'hang',
      30_000,
    );
    const runId = (started as Numbered).run_id;
    const res = await client(server, token).post(`/runs/${runId}/stop`);
    assert.deepEqual(res.body.data, { run_id: runId, status: 'stopping' });
    const last = await conn.waitFor(isLast, 10_000);
    conn.ws.close();
    assert.equal(last.type, 'end');
    assert.equal(last.stopped, true);
    let log = '';
    for (let i = 0; i < 100 && !log.includes('cancelled'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      log = await readFile(catalogue.logFile, 'utf8').catch(() => '');
    }
    assert.match(log, /cancelled/, 'the tool server was told the call is cancelled');
    const [reply] = await server.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.runId, runId), eq(chatMessages.role, 'team_response')));
    assert.equal(reply?.runStatus, 'stopped');
    const hang = reply?.toolCalls.find((c) => c.tool_name === 'hang');
    assert.equal(hang?.tool_call_error, true, JSON.stringify(reply?.toolCalls));
  });
});
