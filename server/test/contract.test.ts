// One frame contract (contract/frames.ts): the server builds frames only through its constructors, every frame a
// test server sends is checked against the wire schema and read with the SPA's own parser (helpers.ts), and a
// frame outside the contract fails the suite that made the server send it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { frames, type WireFrame } from '../../contract/frames.ts';
import { parseFrame } from '../../contract/parseFrame.ts';
import { frameRejection, signIn, startTestServer, type TestServer } from './helpers.ts';
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
