import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('chat runs and subscription periods', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '0', RUN_COST_CREDITS: '5' });
    token = await signIn(server, 'subscriber@example.com');
    const opened = await client(server, token).post('/payments/create-subscription-session', { price_id: 'starter' });
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    const paid = await server.app.inject({
      method: 'POST',
      url: `/checkout/${opened.body.data.session_id}/pay`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(paid.statusCode, 200);
  });
  after(() => server.close());

  const run = () =>
    client(server, token).post(`/teams/${server.ctx.config.TEAM_ID}/chat`, {
      message: 'Send a daily report',
      stream: false,
    });

  it('spends subscription credits while the period runs', async () => {
    const res = await run();
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });

  it('refuses a run once a cancelled subscription has ended, even before anything else read the balance', async () => {
    const cancel = await client(server, token).post('/payments/subscription/cancel', { reason: 'not_using' });
    assert.equal(cancel.status, 200);
    server.clock.advance(40 * DAY);
    const res = await run();
    assert.equal(res.status, 402, JSON.stringify(res.body));
    const balance = await client(server, token).get('/credits/balance');
    assert.deepEqual(balance.body, { available_credits: 0, subscription_credits: 0 });
  });
});
