import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { creditTransactions, users } from '../src/db/schema.ts';
import { debitCredits, getBalance, grantCredits } from '../src/credits/ledger.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

describe('credits', () => {
  let server: TestServer;
  let token: string;
  let userId: string;
  const userIdOf = async (email: string) =>
    (await server.ctx.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const ledgerSum = async (id: string) =>
    Number(
      (
        await server.ctx.db
          .select({ s: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
          .from(creditTransactions)
          .where(eq(creditTransactions.userId, id))
      )[0]!.s,
    );

  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '100' });
    token = await signIn(server, 'dora@example.com');
    userId = await userIdOf('dora@example.com');
  });
  after(() => server.close());

  it('shows a new user their welcome credits in balance and status', async () => {
    const balance = await client(server, token).get('/credits/balance');
    assert.equal(balance.status, 200);
    assert.deepEqual(balance.body, { available_credits: 100, subscription_credits: 0 });
    const status = await client(server, token).get('/credits/status');
    assert.deepEqual(status.body, {
      available_credits: 100,
      subscription_credits: 0,
      purchased_credits: 100,
      is_subscribed: false,
      has_credits: true,
      run_cost_credits: 5,
      tool_call_cost_credits: 1,
    });
  });

  it('consumes subscription credits first and records a negative consumption row', async () => {
    await grantCredits(server.ctx.db, {
      userId,
      amount: 30,
      transactionType: 'subscription',
      description: 'Plan',
      bucket: 'subscription',
    });
    const result = await debitCredits(server.ctx.db, {
      userId,
      amount: 40,
      description: 'Chat run',
      reference: 'run-1',
    });
    assert.equal(result.ok, true);
    assert.deepEqual(result.balance, { available_credits: 90, subscription_credits: 0 });
    const tx = await client(server, token).get('/credits/transactions?limit=1');
    assert.deepEqual(
      {
        amount: tx.body.data.transactions[0].amount,
        type: tx.body.data.transactions[0].transaction_type,
        description: tx.body.data.transactions[0].description,
      },
      { amount: -40, type: 'consumption', description: 'Chat run' },
    );
  });

  it('refuses a debit larger than the balance without changing anything', async () => {
    const before = await client(server, token).get('/credits/transactions');
    const result = await debitCredits(server.ctx.db, { userId, amount: 91, description: 'Too much' });
    assert.deepEqual(result, { ok: false, balance: { available_credits: 90, subscription_credits: 0 } });
    const after = await client(server, token).get('/credits/transactions');
    assert.equal(after.body.data.total, before.body.data.total);
  });

  it('never goes below zero under 50 parallel debits, and the ledger adds up to the balance', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        debitCredits(server.ctx.db, { userId, amount: 4, description: `Parallel ${i}` }),
      ),
    );
    assert.equal(results.filter((r) => r.ok).length, 22);
    const balance = await getBalance(server.ctx.db, userId);
    assert.deepEqual(balance, { available_credits: 2, subscription_credits: 0 });
    assert.equal(await ledgerSum(userId), 2);
  });

  it('rejects amounts that are not positive integers', async () => {
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await assert.rejects(
        grantCredits(server.ctx.db, {
          userId,
          amount,
          transactionType: 'purchase',
          description: 'x',
          bucket: 'purchased',
        }),
        RangeError,
      );
      await assert.rejects(debitCredits(server.ctx.db, { userId, amount, description: 'x' }), RangeError);
    }
    assert.equal((await getBalance(server.ctx.db, userId)).available_credits, 2);
  });

  it('pages transactions newest first with limit and skip', async () => {
    const first = await client(server, token).get('/credits/transactions?limit=5&skip=0');
    assert.equal(first.status, 200);
    assert.equal(first.body.data.total, 3 + 22);
    assert.equal(first.body.data.transactions.length, 5);
    const second = await client(server, token).get('/credits/transactions?limit=5&skip=5');
    const all = await client(server, token).get('/credits/transactions?limit=100');
    assert.deepEqual(
      [...first.body.data.transactions, ...second.body.data.transactions].map((t: { id: string }) => t.id),
      all.body.data.transactions.slice(0, 10).map((t: { id: string }) => t.id),
    );
    assert.equal(all.body.data.transactions.at(-1).transaction_type, 'free_credits');
    const byDefault = await client(server, token).get('/credits/transactions');
    assert.equal(byDefault.body.data.transactions.length, 10);
    const tx = all.body.data.transactions[0];
    assert.deepEqual(Object.keys(tx).sort(), ['amount', 'created_at', 'description', 'id', 'transaction_type']);
    assert.ok(!Number.isNaN(Date.parse(tx.created_at)));
  });

  it('answers bad paging values with 422', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'skip=-1', 'skip=x', 'limit=-3']) {
      const res = await client(server, token).get(`/credits/transactions?${query}`);
      assert.equal(res.status, 422, query);
      assert.equal(typeof res.body.detail, 'string');
    }
  });

  it('shows each user only their own balance and transactions', async () => {
    const other = await signIn(server, 'eve@example.com');
    const balance = await client(server, other).get('/credits/balance');
    assert.deepEqual(balance.body, { available_credits: 100, subscription_credits: 0 });
    const tx = await client(server, other).get('/credits/transactions');
    assert.equal(tx.body.data.total, 1);
  });

  it('needs a signed-in user (401)', async () => {
    for (const url of ['/credits/balance', '/credits/status', '/credits/transactions']) {
      assert.equal((await client(server).get(url)).status, 401, url);
      assert.equal((await client(server, 'forged.token.value').get(url)).status, 401, url);
    }
  });
});
