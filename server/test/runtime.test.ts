// Team runs over the WebSocket: frames in order, everything stored, credits, bad tokens, malformed frames, disconnects.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import WebSocket from 'ws';
import type { StreamFrame } from '../../contract/types.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import { grantCredits } from '../src/credits/ledger.ts';
import { RunHub } from '../src/runtime/hub.ts';
import { RunSlots } from '../src/runtime/slots.ts';
import { registerRunSocket } from '../src/runtime/socket.ts';
import { runtimeContext } from '../src/wiring.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';
import { connect, isLast } from './socketClient.ts';

const REQUEST = 'Every Monday at 8am fetch https://api.example.com/sales and post a summary to #sales on Slack';

describe('team runtime over WebSocket', () => {
  let server: TestServer;
  let teamId: string;
  let token: string;

  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '200' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    teamId = server.ctx.config.TEAM_ID;
    token = await signIn(server, 'runner@example.com');
  });
  after(() => server.close());

  it('streams start, tool frames, member responses, text deltas and end, and stores all of it', async () => {
    const before = await client(server, token).get('/credits/balance');
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: REQUEST }));
    await conn.waitFor(isLast);
    conn.ws.close();
    const frames = conn.frames;

    assert.equal(frames[0]?.type, 'start');
    const sessionId = frames[0]?.session_id;
    assert.ok(sessionId);
    const last = frames.at(-1)!;
    assert.equal(last.type, 'end', JSON.stringify(last));
    assert.equal(last.event, 'RunCompleted');
    assert.equal(last.done, true);
    assert.equal(last.session_id, sessionId);

    const started = frames.filter((f) => f.event === 'ToolCallStarted');
    const completed = frames.filter((f) => f.event === 'ToolCallCompleted');
    assert.ok(started.some((f) => f.active_tool?.tool_name === 'transfer_task_to_member'));
    assert.equal(started.length, completed.length);
    for (const f of completed) {
      assert.equal(typeof f.active_tool?.tool_call_id, 'string');
      assert.equal(typeof f.active_tool?.metrics?.time, 'number');
      assert.notEqual(f.active_tool?.result, null);
      assert.ok(f.tools?.some((t) => t.tool_call_id === f.active_tool?.tool_call_id));
    }
    const members = frames.filter((f) => f.member_responses?.length).at(-1)?.member_responses ?? [];
    assert.deepEqual(
      members.map((m) => m.member_name),
      ['Workflow Architect', 'Integration Specialist', 'Workflow Validator', 'Research Assistant'],
    );

    const text = frames
      .filter((f) => f.type === 'chunk' && typeof f.content === 'string')
      .map((f) => f.content)
      .join('');
    const deltas = frames.filter((f) => f.content).map((f) => String(f.content));
    assert.ok(deltas.length > 3, 'the reply arrives in parts, paragraph by paragraph');
    assert.ok(
      deltas.slice(0, -1).every((d) => d.endsWith('\n') || d.length === 4000),
      'each part ends at a paragraph or line (or a full block)',
    );
    const json = /```json\n([\s\S]+?)\n```/.exec(text)?.[1];
    assert.ok(json, 'the answer carries the workflow JSON');
    const workflow = JSON.parse(json);
    assert.deepEqual(structuralProblems(workflow), []);
    assert.deepEqual(
      workflow.nodes.map((n: { type: string }) => n.type),
      ['n8n-nodes-base.scheduleTrigger', 'n8n-nodes-base.httpRequest', 'n8n-nodes-base.slack'],
    );

    const stored = await client(server, token).get(`/teams/sessions/${sessionId}/messages`);
    assert.equal(stored.status, 200);
    const messages = stored.body.data.messages;
    assert.deepEqual(
      messages.map((m: { role: string }) => m.role),
      ['user', 'team_response'],
    );
    assert.equal(messages[0].content, REQUEST);
    assert.equal(messages[1].content, text);
    assert.deepEqual(messages[1].tool_calls, last.tools);
    assert.deepEqual(messages[1].member_responses, last.member_responses);
    assert.equal(stored.body.data.team_context.member_interactions.length, 4);

    const memberTools = members.flatMap((m) => m.tools ?? []).length;
    const afterRun = await client(server, token).get('/credits/balance');
    assert.equal(before.body.available_credits - afterRun.body.available_credits, 5 + memberTools);
  });

  it('continues a session given by session_id and keeps the history in order', async () => {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: 'When a webhook is called, append a row to a Google Sheet' }));
    const end = await conn.waitFor(isLast);
    conn.frames.length = 0;
    conn.ws.send(JSON.stringify({ message: 'Also email me at boss@example.com', session_id: end.session_id }));
    const second = await conn.waitFor(isLast);
    conn.ws.close();
    assert.equal(second.type, 'end');
    assert.equal(second.session_id, end.session_id);
    const stored = await client(server, token).get(`/teams/sessions/${end.session_id}/messages`);
    assert.deepEqual(
      stored.body.data.messages.map((m: { role: string }) => m.role),
      ['user', 'team_response', 'user', 'team_response'],
    );
  });

  it('also takes the session from the session_id query parameter', async () => {
    const first = await connect(server, teamId, `token=${token}`);
    first.ws.send(JSON.stringify({ message: 'Every hour call https://api.example.com/health' }));
    const end = await first.waitFor(isLast);
    first.ws.close();
    const conn = await connect(server, teamId, `token=${token}&session_id=${end.session_id}`);
    conn.ws.send(JSON.stringify({ message: 'And post it to Slack' }));
    assert.equal((await conn.waitFor((f) => f.type === 'start')).session_id, end.session_id);
    await conn.waitFor(isLast);
    conn.ws.close();

    const fresh = await connect(server, teamId, `token=${token}&session_id=undefined`);
    fresh.ws.send(JSON.stringify({ message: 'Every hour post to Slack', session_id: null }));
    const started = await fresh.waitFor((f) => f.type === 'start');
    assert.ok(started.session_id && started.session_id !== end.session_id, 'the string undefined counts as no session');
    await fresh.waitFor(isLast);
    fresh.ws.close();
  });

  it('closes with an error frame and code 4401 on a bad or missing token', async () => {
    for (const query of ['token=not-a-token', '']) {
      const conn = await connect(server, teamId, query);
      const { code } = await conn.closed;
      assert.equal(code, 4401);
      assert.equal(conn.frames.length, 1);
      assert.equal(conn.frames[0]?.type, 'error');
      assert.equal(conn.frames[0]?.error_code, 'unauthorized');
      assert.match(String(conn.frames[0]?.message), /token/i);
    }
  });

  it('closes with 4404 for an unknown team', async () => {
    const conn = await connect(server, 'ffffffffffffffffffffffff', `token=${token}`);
    assert.equal((await conn.closed).code, 4404);
    assert.equal(conn.frames[0]?.error_code, 'not_found');
  });

  it('answers malformed frames with error frames and keeps serving the socket', async () => {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send('this is not json');
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'invalid_frame');
    conn.frames.length = 0;
    conn.ws.send(JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) }));
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'frame_too_large');
    conn.frames.length = 0;
    conn.ws.send(JSON.stringify({ message: '   ' }));
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'invalid_request');
    conn.frames.length = 0;
    conn.ws.send(JSON.stringify({ message: 42, file_ids: 'nope' }));
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'invalid_request');
    conn.frames.length = 0;
    conn.ws.send(JSON.stringify({ message: 'hi', session_id: 'x'.repeat(101) }));
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'invalid_request');
    conn.frames.length = 0;
    const balance = (await client(server, token).get('/credits/balance')).body.available_credits;
    conn.ws.send(JSON.stringify({ message: 'Every day \uD800 post to Slack' }));
    const lone = await conn.waitFor((f) => f.type === 'error');
    assert.equal(lone.error_code, 'invalid_request');
    assert.match(String(lone.message), /unpaired UTF-16 surrogates/);
    assert.equal((await client(server, token).get('/credits/balance')).body.available_credits, balance);
    conn.frames.length = 0;
    conn.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'invalid_frame');
    conn.frames.length = 0;
    conn.ws.send(JSON.stringify({ message: 'Every day at 7am send an email to me@example.com' }));
    assert.equal((await conn.waitFor(isLast)).type, 'end');
    conn.ws.close();
  });

  it('refuses a second message while a run is in progress', async () => {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: 'Every day post to Slack' }));
    conn.ws.send(JSON.stringify({ message: 'Every day post to Slack again' }));
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'run_in_progress');
    assert.equal((await conn.waitFor((f) => f.type === 'end')).type, 'end');
    assert.equal(conn.frames.filter((f) => f.type === 'start').length, 1);
    conn.ws.close();
  });

  it("refuses an unknown session, and another user's session, with an error frame", async () => {
    const other = await signIn(server, 'other-runner@example.com');
    const own = await connect(server, teamId, `token=${token}`);
    own.ws.send(JSON.stringify({ message: 'Every day call https://api.example.com/x' }));
    const end = await own.waitFor(isLast);
    own.ws.close();
    const conn = await connect(server, teamId, `token=${other}`);
    conn.ws.send(JSON.stringify({ message: 'hello', session_id: end.session_id }));
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'forbidden');
    conn.frames.length = 0;
    conn.ws.send(JSON.stringify({ message: 'hello', session_id: 'no-such-session' }));
    assert.equal((await conn.waitFor((f) => f.type === 'error')).error_code, 'not_found');
    conn.ws.close();
    const stored = await client(server, token).get(`/teams/sessions/${end.session_id}/messages`);
    assert.equal(stored.body.data.messages.length, 2, 'the refused runs stored nothing');
  });

  it('names the team id when asked which team to use (home-team mode)', async () => {
    const conn = await connect(server, teamId, `token=${token}`);
    conn.ws.send(JSON.stringify({ message: 'Which team do I need to automate my invoices?' }));
    const end = await conn.waitFor(isLast);
    conn.ws.close();
    assert.equal(end.type, 'end');
    assert.equal(end.team_id, teamId);
  });
});

describe('credits of a run', () => {
  it('refuses a run the balance cannot pay right after start, with insufficient_credits and nothing stored, and closes', async () => {
    const server = await startTestServer({ FREE_CREDITS: '3', RUN_COST_CREDITS: '5' });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const token = await signIn(server, 'poor@example.com');
      const conn = await connect(server, server.ctx.config.TEAM_ID, `token=${token}`);
      conn.ws.send(JSON.stringify({ message: REQUEST }));
      const { code } = await conn.closed;
      assert.equal(code, 4402);
      assert.deepEqual(
        conn.frames.map((f) => f.type),
        ['start', 'error'],
        'no content before the refusal',
      );
      const [start, frame] = conn.frames as [StreamFrame, StreamFrame];
      assert.equal(frame.error_code, 'insufficient_credits');
      assert.match(String(frame.error), /Insufficient credits/);
      assert.equal(frame.session_id, start.session_id);
      const api = client(server, token);
      assert.equal((await api.get('/credits/balance')).body.available_credits, 3);
      assert.equal((await api.get(`/teams/${server.ctx.config.TEAM_ID}/sessions`)).body.data.total, 0);

      // The announced session id stays usable: once the user can pay, the next message creates that session.
      const userId = (await server.ctx.tokens.verify(token))!;
      await grantCredits(server.ctx.db, {
        userId,
        amount: 10,
        transactionType: 'purchase',
        description: 'test',
        bucket: 'purchased',
      });
      const again = await connect(server, server.ctx.config.TEAM_ID, `token=${token}`);
      again.ws.send(JSON.stringify({ message: REQUEST, session_id: start.session_id }));
      const end = await again.waitFor(isLast);
      again.ws.close();
      assert.equal(end.type, 'end');
      assert.equal(end.session_id, start.session_id);
      const stored = await api.get(`/teams/sessions/${start.session_id}/messages`);
      assert.equal(stored.body.data.messages.length, 2);
    } finally {
      await server.close();
    }
  });

  it('ends with insufficient_credits when tool calls use up the balance, keeping what was produced', async () => {
    const server = await startTestServer({ FREE_CREDITS: '7', RUN_COST_CREDITS: '5', TOOL_CALL_COST_CREDITS: '1' });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const token = await signIn(server, 'almost-poor@example.com');
      const conn = await connect(server, server.ctx.config.TEAM_ID, `token=${token}`);
      conn.ws.send(JSON.stringify({ message: REQUEST }));
      const last = await conn.waitFor(isLast);
      conn.ws.close();
      assert.equal(last.type, 'error');
      assert.equal(last.error_code, 'insufficient_credits');
      const paidTools = conn.frames.filter(
        (f) => f.event === 'ToolCallCompleted' && f.active_tool?.tool_name !== 'transfer_task_to_member',
      );
      assert.equal(paidTools.length, 2, 'two tool calls were paid for and ran');
      const api = client(server, token);
      assert.equal((await api.get('/credits/balance')).body.available_credits, 0);
      const stored = await api.get(`/teams/sessions/${last.session_id}/messages`);
      const reply = stored.body.data.messages[1];
      assert.equal(reply.role, 'team_response');
      const storedIds = reply.tool_calls.map((t: { tool_call_id: string }) => t.tool_call_id);
      for (const f of paidTools) assert.ok(storedIds.includes(f.active_tool!.tool_call_id));
    } finally {
      await server.close();
    }
  });
});

describe('heartbeats', () => {
  it('pings an idle socket and drops one that stops answering', async () => {
    const server = await startTestServer();
    // The same route on its own app, with a short heartbeat instead of 25 s.
    const app = Fastify();
    await app.register(websocket);
    registerRunSocket(app, runtimeContext(server.ctx), new RunSlots(4), new RunHub(runtimeContext(server.ctx)), {
      heartbeatMs: 100,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const token = await signIn(server, 'idle@example.com');
      const url = `ws://127.0.0.1:${port}/teams/${server.ctx.config.TEAM_ID}/ws?token=${token}`;

      const answering = new WebSocket(url);
      let pings = 0;
      answering.on('ping', () => (pings += 1));
      await new Promise((r) => setTimeout(r, 700));
      assert.ok(pings >= 3, `pinged ${pings} times`);
      assert.equal(answering.readyState, WebSocket.OPEN, 'a socket that answers pings stays open');
      answering.close();

      const silent = new WebSocket(url, { autoPong: false });
      const code = await new Promise<number>((resolve) => silent.on('close', (c) => resolve(c)));
      assert.equal(code, 1006, 'the server dropped the unresponsive connection');
    } finally {
      await app.close();
      await server.close();
    }
  });
});
