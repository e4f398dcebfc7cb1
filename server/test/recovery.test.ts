// Runs cut by a crash: on start-up their replies are marked interrupted, open tool calls closed, credits refunded.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ToolCall } from '../../contract/types.ts';
import { debitCredits } from '../src/credits/ledger.ts';
import { chatMessages } from '../src/db/schema.ts';
import { createServer } from '../src/server.ts';
import { storeRunStart, updateMessage } from '../src/teams/sessions.ts';
import { recoverInterruptedRuns } from '../src/runtime/recovery.ts';
import { runtimeContext } from '../src/wiring.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const MINUTE = 60_000;

const call = (id: string, name: string, result: string | null): ToolCall => ({
  tool_call_id: id,
  tool_name: name,
  tool_args: {},
  result,
  tool_call_error: false,
  metrics: { time: 0 },
  created_at: 0,
});

describe('start-up recovery of runs cut by a crash', () => {
  let server: TestServer;
  let token: string;
  let userId: string;
  const balance = async () => (await client(server, token).get('/credits/balance')).body.available_credits as number;

  /** What a run leaves behind when the process dies: paid, stored, tool calls without results, never finished. */
  async function crashedRun(spec: {
    content?: string;
    tools?: ToolCall[];
    paidToolCalls?: number;
    instanceId?: string;
  }): Promise<string> {
    const runId = randomUUID();
    await debitCredits(server.ctx.db, { userId, amount: 5, description: 'Team chat run', reference: runId });
    for (let i = 0; i < (spec.paidToolCalls ?? 0); i++)
      await debitCredits(server.ctx.db, { userId, amount: 1, description: 'Tool call', reference: runId });
    const start = {
      sessionId: randomUUID(),
      teamId: server.ctx.config.TEAM_ID,
      userId,
      name: 'Crashed',
      message: 'Every day post to Slack',
      fileIds: [],
      runId,
      instanceId: spec.instanceId,
    };
    const replyId = await storeRunStart(server.ctx.db, start, () => server.clock.now);
    await updateMessage(server.ctx, replyId, { content: spec.content ?? '', toolCalls: spec.tools ?? [] });
    return replyId;
  }
  const reply = async (id: string) =>
    (await server.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0]!;
  const restart = async () => {
    const next = await createServer(server.ctx.config, { database: server.database, now: () => server.clock.now });
    await next.app.close();
  };

  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '100', RUN_LEASE_SECONDS: '600' });
    token = await signIn(server, 'crash@example.com');
    userId = (await server.ctx.tokens.verify(token))!;
  });
  after(() => server.close());

  it('marks a finished run completed and leaves it alone', async () => {
    const res = await client(server, token).post(`/teams/${server.ctx.config.TEAM_ID}/chat`, {
      message: 'Every day at 9am post to #sales on Slack',
    });
    assert.equal(res.status, 200);
    const [stored] = await server.ctx.db.select().from(chatMessages).where(eq(chatMessages.role, 'team_response'));
    assert.equal(stored?.runStatus, 'completed');
  });

  it('closes an empty run with open tool calls, refunds all it paid, and leaves recent runs to their instance', async () => {
    const start = await balance();
    const empty = await crashedRun({ tools: [call('t1', 'transfer_task_to_member', null)] });
    const partial = await crashedRun({
      content: 'Here is half a workflow',
      tools: [
        call('t2', 'transfer_task_to_member', 'done'),
        call('t3', 'http_request', null),
        call('t4', 'duckduckgo_search', 'ok'),
      ],
      paidToolCalls: 2,
    });
    const fresh = await crashedRun({});
    assert.equal(await balance(), start - 5 - 7 - 5);
    // `fresh` was last written 30 s before the restart: its instance may still be running it.
    server.clock.advance(11 * MINUTE);
    await updateMessage(server.ctx, fresh, {});
    server.clock.advance(30_000);
    await restart();

    const emptyRow = await reply(empty);
    assert.equal(emptyRow.runStatus, 'interrupted');
    assert.match(emptyRow.content, /interrupted/);
    assert.equal(emptyRow.toolCalls[0]?.tool_call_error, true);
    assert.match(String(emptyRow.toolCalls[0]?.result), /Interrupted/);
    const partialRow = await reply(partial);
    assert.equal(partialRow.runStatus, 'interrupted');
    assert.equal(partialRow.content, 'Here is half a workflow');
    assert.deepEqual(
      partialRow.toolCalls.map((c) => c.result === null),
      [false, false, false],
    );
    assert.equal((await reply(fresh)).runStatus, 'running');
    // The empty run gets its 5 back; the partial one the 1 credit of its unfinished paid tool call.
    assert.equal(await balance(), start - 7 + 1 - 5);

    await restart();
    assert.equal(await balance(), start - 7 + 1 - 5, 'a second start refunds nothing twice');
    const history = await client(server, token).get('/credits/transactions?limit=10');
    assert.equal(
      history.body.data.transactions.filter((t: { transaction_type: string }) => t.transaction_type === 'refund')
        .length,
      2,
    );
  });

  it("takes its own runs back at once when it restarts, and another instance's only once their lease ran out", async () => {
    const own = await crashedRun({ instanceId: server.ctx.config.instanceId, content: 'Half' });
    const other = await crashedRun({ instanceId: 'other-host:8080', content: 'Half' });
    server.clock.advance(30_000);
    await restart();
    assert.equal((await reply(own)).runStatus, 'interrupted', 'the restarted instance knows the run was its own');
    assert.equal((await reply(other)).runStatus, 'running', "the other instance's lease still holds");
    server.clock.advance(11 * MINUTE);
    await recoverInterruptedRuns(runtimeContext(server.ctx));
    assert.equal((await reply(other)).runStatus, 'interrupted', 'recovered once its lease ran out');
  });
});
