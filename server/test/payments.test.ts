import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { addMonth, runRenewals } from '../src/payments/subscriptions.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';
import { startFakeStripe, type FakeStripe } from './fakes/stripe.ts';

const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = 'http://localhost';

const page = (server: TestServer, method: 'GET' | 'POST', url: string) =>
  server.app.inject({
    method,
    url,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' } : {}),
  });

/** Pay as the page's script does: with the owner's access token; answers JSON. */
const pay = (server: TestServer, token: string | null, id: string) =>
  server.app.inject({
    method: 'POST',
    url: `/checkout/${id}/pay`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const redirectOf = (res: { json(): unknown }) => (res.json() as { data: { redirect_url: string } }).data.redirect_url;

async function openSubscription(server: TestServer, token: string, planId = 'starter') {
  const res = await client(server, token).post('/payments/create-subscription-session', { price_id: planId });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data as { url: string; session_id: string };
}

const transactions = async (server: TestServer, token: string) =>
  (await client(server, token).get('/credits/transactions?limit=100')).body.data.transactions as Array<{
    amount: number;
    transaction_type: string;
  }>;

describe('billing periods', () => {
  it('last one calendar month, clamped to the end of shorter months', () => {
    const cases: Array<[string, string]> = [
      ['2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
      ['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
      ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
      ['2026-12-31T23:59:59.000Z', '2027-01-31T23:59:59.000Z'],
    ];
    for (const [from, to] of cases) assert.equal(addMonth(new Date(from)).toISOString(), to, from);
  });
});

describe('payments with the local checkout', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '100' });
    token = await signIn(server, 'pat@example.com');
  });
  after(() => server.close());

  it('lists credit packages and the plan map from the billing file', async () => {
    const packages = await client(server).get('/payments/packages');
    assert.equal(packages.status, 200);
    assert.deepEqual(
      packages.body.data.packages.map((p: { id: string }) => p.id),
      ['small', 'medium', 'large'],
    );
    for (const p of packages.body.data.packages)
      assert.deepEqual(Object.keys(p).sort(), ['credits', 'description', 'id', 'name', 'price_usd']);
    const plans = await client(server).get('/payments/plans');
    assert.deepEqual(Object.keys(plans.body.data.plans), ['starter', 'pro', 'business']);
    assert.deepEqual(plans.body.data.plans.starter, {
      name: 'Starter',
      price_usd: 9,
      credits_per_cycle: 500,
      description: 'For trying out agent teams: about 100 chat runs a month.',
    });
  });

  it('sells credit packages only to subscribers (403 subscription_required)', async () => {
    const res = await client(server, token).post('/payments/create-checkout-session', { package_id: 'small' });
    assert.equal(res.status, 403);
    assert.equal(res.body.detail.code, 'subscription_required');
    const status = await client(server, token).get('/payments/subscription/status');
    assert.deepEqual(status.body, { data: { is_subscribed: false, subscription_details: null } });
    assert.equal((await client(server, token).get('/payments/subscription/details')).status, 404);
  });

  it('subscribes through the checkout page: Pay redirects to success_url and grants the plan credits once', async () => {
    const session = await openSubscription(server, token, 'pro');
    assert.equal(session.url, `${ORIGIN}/checkout/${session.session_id}`);
    const view = await page(server, 'GET', `/checkout/${session.session_id}`);
    assert.equal(view.statusCode, 200);
    assert.match(view.headers['content-type'] as string, /text\/html/);
    assert.match(view.body, /Pro plan/);
    assert.match(view.body, /\$29\.00 USD \/ month/);
    assert.match(view.body, /<button type="submit" class="pay">Pay<\/button>/);
    assert.match(view.body, /<button type="submit" class="cancel">Cancel<\/button>/);
    assert.doesNotMatch(view.body, /<script>|https?:\/\/(?!localhost)/);

    const paid = await pay(server, token, session.session_id);
    assert.equal(paid.statusCode, 200);
    assert.equal(redirectOf(paid), '/payment/success');
    const again = await pay(server, token, session.session_id);
    assert.equal(again.statusCode, 200);
    assert.equal((await page(server, 'GET', `/checkout/${session.session_id}`)).statusCode, 410);

    const balance = await client(server, token).get('/credits/balance');
    assert.deepEqual(balance.body, { available_credits: 2100, subscription_credits: 2000 });
    const grants = (await transactions(server, token)).filter((t) => t.transaction_type === 'subscription');
    assert.deepEqual(
      grants.map((t) => t.amount),
      [2000],
    );

    const status = await client(server, token).get('/payments/subscription/status');
    assert.equal(status.body.data.is_subscribed, true);
    const details = status.body.data.subscription_details;
    assert.equal(details.plan_details.name, 'Pro');
    assert.equal(details.cancel_at_period_end, false);
    assert.equal(details.status, 'active');
    assert.ok(Date.parse(details.current_period_end) - server.clock.now.getTime() >= 28 * DAY);
    const credits = await client(server, token).get('/credits/status');
    assert.equal(credits.body.is_subscribed, true);
  });

  it('refuses a second subscription while one is active (409)', async () => {
    const res = await client(server, token).post('/payments/create-subscription-session', { price_id: 'starter' });
    assert.equal(res.status, 409);
  });

  it('refuses to pay a second subscription checkout opened before the first was paid (409)', async () => {
    const other = await signIn(server, 'twice@example.com');
    const first = await openSubscription(server, other, 'starter');
    const second = await openSubscription(server, other, 'business');
    assert.equal((await pay(server, other, first.session_id)).statusCode, 200);
    const refused = await pay(server, other, second.session_id);
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /already have an active subscription/);
    assert.deepEqual((await client(server, other).get('/credits/balance')).body, {
      available_credits: 600,
      subscription_credits: 500,
    });
    assert.equal((await client(server, other).get('/payments/subscription/details')).body.data.plan_id, 'starter');
  });

  it('buys a credit package as purchased credits, once even when Pay is pressed twice', async () => {
    const res = await client(server, token).post('/payments/create-checkout-session', {
      package_id: 'small',
      success_url: `${ORIGIN}/payment/success?from=pack`,
    });
    assert.equal(res.status, 200);
    const id = res.body.data.session_id;
    const view = await page(server, 'GET', `/checkout/${id}`);
    assert.match(view.body, /Small pack \(250 credits\)/);
    assert.match(view.body, /\$5\.00 USD/);
    const [first, second] = await Promise.all([pay(server, token, id), pay(server, token, id)]);
    assert.equal(first.statusCode, 200);
    assert.equal(second.statusCode, 200);
    assert.equal(redirectOf(first), '/payment/success?from=pack');
    const purchases = (await transactions(server, token)).filter((t) => t.transaction_type === 'purchase');
    assert.deepEqual(
      purchases.map((t) => t.amount),
      [250],
    );
    const balance = await client(server, token).get('/credits/balance');
    assert.deepEqual(balance.body, { available_credits: 2350, subscription_credits: 2000 });
  });

  it('Cancel redirects to cancel_url, and a cancelled checkout cannot be paid', async () => {
    const res = await client(server, token).post('/payments/create-checkout-session', { package_id: 'large' });
    const id = res.body.data.session_id;
    const canceled = await page(server, 'POST', `/checkout/${id}/cancel`);
    assert.equal(canceled.statusCode, 303);
    assert.equal(canceled.headers.location, '/payment/cancel');
    const paid = await pay(server, token, id);
    assert.equal(paid.statusCode, 409);
    assert.equal((await client(server, token).get('/credits/balance')).body.available_credits, 2350);
  });

  it('answers unknown or malformed checkout ids with a 404 page', async () => {
    for (const url of [
      '/checkout/00000000-0000-4000-8000-000000000000',
      '/checkout/not-a-uuid',
      '/checkout/%3Cscript%3E',
    ]) {
      assert.equal((await page(server, 'GET', url)).statusCode, 404, url);
      assert.equal((await pay(server, token, url.slice('/checkout/'.length))).statusCode, 404, url);
      assert.equal((await page(server, 'POST', `${url}/cancel`)).statusCode, 404, url);
    }
  });

  it('accepts only redirect URLs on this site (422 otherwise) and validates bodies', async () => {
    const other = await signIn(server, 'quinn@example.com');
    const bad = [
      { price_id: 'starter', success_url: 'https://evil.example.com/payment/success' },
      { price_id: 'starter', cancel_url: 'javascript:alert(1)' },
      { price_id: 'starter', success_url: '/..//evil.example.com/x' },
      { price_id: 'starter', success_url: '/\\evil.example.com/x' },
      { price_id: 'starter', success_url: '//evil.example.com/x' },
      { price_id: 'starter', success_url: 'http://localhost.evil.com/x' },
      { price_id: 'starter', success_url: `${ORIGIN}/${'x'.repeat(3000)}` },
      { price_id: 7 },
      {},
      { price_id: '' },
    ];
    for (const body of bad) {
      const res = await client(server, other).post('/payments/create-subscription-session', body);
      assert.equal(res.status, 422, JSON.stringify(body).slice(0, 100));
    }
    assert.equal(
      (await client(server, other).post('/payments/create-subscription-session', { price_id: 'platinum' })).status,
      404,
    );
    assert.equal(
      (await client(server, other).post('/payments/create-subscription-session', { price_id: '__proto__' })).status,
      404,
    );
    assert.equal(
      (await client(server, token).post('/payments/create-checkout-session', { package_id: 'huge' })).status,
      404,
    );
    assert.equal(
      (await client(server, token).post('/payments/create-checkout-session', { package_id: ['small'] })).status,
      422,
    );
    const huge = await client(server, other).post('/payments/create-subscription-session', {
      price_id: 'x'.repeat(1_100_000),
    });
    assert.equal(huge.status, 413);
    assert.equal((await client(server, other).get('/payments/subscription/status')).body.data.is_subscribed, false);
  });

  it('answers malformed bodies of every payments endpoint with 4xx, never 500, and changes nothing', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      true,
      { package_id: { $ne: 1 } },
      { price_id: null },
      { reason: ['other'] },
      { ['__proto__']: { admin: true } },
    ];
    const before = await transactions(server, token);
    for (const url of [
      '/payments/create-checkout-session',
      '/payments/create-subscription-session',
      '/payments/subscription/cancel',
    ]) {
      for (const body of bodies) {
        const res = await client(server, token).raw('POST', url, JSON.stringify(body), {
          'content-type': 'application/json',
        });
        assert.ok(res.status >= 400 && res.status < 500, `${url} ${JSON.stringify(body)} → ${res.status}`);
      }
      const text = await client(server, token).raw('POST', url, 'price_id=pro', { 'content-type': 'text/plain' });
      assert.equal(text.status, 422, url);
    }
    assert.deepEqual(await transactions(server, token), before);
  });

  it('needs a signed-in user for every personal endpoint (401)', async () => {
    const anon = client(server);
    for (const url of [
      '/payments/subscription/status',
      '/payments/subscription/details',
      '/payments/subscription/history',
    ]) {
      assert.equal((await anon.get(url)).status, 401, url);
    }
    for (const url of [
      '/payments/create-checkout-session',
      '/payments/create-subscription-session',
      '/payments/subscription/cancel',
    ]) {
      assert.equal((await anon.post(url, {})).status, 401, url);
    }
  });

  it('renews at the period end: the old cycle expires and a new one is granted, once', async () => {
    const before = (await client(server, token).get('/payments/subscription/details')).body.data;
    await client(server, token).get('/credits/balance');
    server.clock.advance(Date.parse(before.current_period_end) - server.clock.now.getTime() + 1000);
    const [a, b] = await Promise.all([
      client(server, token).get('/credits/balance'),
      client(server, token).get('/payments/subscription/status'),
    ]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    // The timer's sweep settles the one due subscription nobody has read (twice@example.com's), then finds none.
    assert.equal(await runRenewals(server.ctx), 1);
    assert.equal(await runRenewals(server.ctx), 0);
    const balance = await client(server, token).get('/credits/balance');
    assert.deepEqual(balance.body, { available_credits: 2350, subscription_credits: 2000 });
    const list = await transactions(server, token);
    assert.equal(list.filter((t) => t.transaction_type === 'subscription_renewal').length, 1);
    assert.deepEqual(
      list.filter((t) => t.transaction_type === 'subscription_expired').map((t) => t.amount),
      [-2000],
    );
    const after = (await client(server, token).get('/payments/subscription/details')).body.data;
    assert.equal(after.current_period_start, before.current_period_end);
    assert.ok(Date.parse(after.current_period_end) > Date.parse(before.current_period_end));
  });

  it('cancels at the period end with a valid reason, keeping the end date', async () => {
    for (const body of [{}, { reason: 'bored' }, { reason: 5 }]) {
      assert.equal(
        (await client(server, token).post('/payments/subscription/cancel', body)).status,
        422,
        JSON.stringify(body),
      );
    }
    const before = (await client(server, token).get('/payments/subscription/details')).body.data;
    const res = await client(server, token).post('/payments/subscription/cancel', { reason: 'too_expensive' });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.cancel_at_period_end, true);
    assert.equal(res.body.data.cancel_reason, 'too_expensive');
    assert.equal(res.body.data.current_period_end, before.current_period_end);
    const status = await client(server, token).get('/payments/subscription/status');
    assert.equal(status.body.data.is_subscribed, true);
    assert.equal(status.body.data.subscription_details.cancel_at_period_end, true);
  });

  it('ends a canceling subscription at the period end and expires its credits', async () => {
    const details = (await client(server, token).get('/payments/subscription/details')).body.data;
    server.clock.advance(Date.parse(details.current_period_end) - server.clock.now.getTime() + 1000);
    const status = await client(server, token).get('/payments/subscription/status');
    assert.deepEqual(status.body.data, { is_subscribed: false, subscription_details: null });
    assert.deepEqual((await client(server, token).get('/credits/balance')).body, {
      available_credits: 350,
      subscription_credits: 0,
    });
    assert.equal((await client(server, token).post('/payments/subscription/cancel', { reason: 'other' })).status, 404);
    assert.equal((await client(server, token).get('/payments/subscription/details')).status, 404);
    const hidden = await client(server, token).get('/payments/subscription/history?include_canceled=false');
    assert.deepEqual(hidden.body.data.subscriptions, []);
    const all = await client(server, token).get('/payments/subscription/history?include_canceled=true');
    assert.equal(all.body.data.subscriptions.length, 1);
    assert.equal(all.body.data.subscriptions[0].status, 'canceled');
    assert.equal(
      (await client(server, token).get('/payments/subscription/history?include_canceled=maybe')).status,
      422,
    );
    assert.equal(
      (await client(server, token).post('/payments/create-checkout-session', { package_id: 'small' })).status,
      403,
    );
  });

  it('answers the Stripe webhook with 404 when Stripe is not configured', async () => {
    assert.equal((await client(server).post('/payments/webhook', { id: 'evt_1' })).status, 404);
  });
});

describe('billing file override', () => {
  let server: TestServer;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'billing-'));
    const billing = JSON.parse(await readFile(new URL('../config/billing.json', import.meta.url), 'utf8'));
    billing.plans = {
      solo: {
        name: '<b>Solo</b> & "friends"',
        price_usd: 1.5,
        credits_per_cycle: 10,
        description: '<script>alert(1)</script>',
      },
    };
    await writeFile(path.join(dir, 'billing.json'), JSON.stringify(billing));
    server = await startTestServer({
      BILLING_FILE: path.join(dir, 'billing.json'),
      PUBLIC_URL: 'https://studio.example.com',
    });
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads plans from BILLING_FILE and escapes them on the checkout page under PUBLIC_URL', async () => {
    const token = await signIn(server, 'ray@example.com');
    const session = await openSubscription(server, token, 'solo');
    assert.equal(session.url, `https://studio.example.com/checkout/${session.session_id}`);
    const view = await page(server, 'GET', `/checkout/${session.session_id}`);
    assert.match(view.body, /&lt;b&gt;Solo&lt;\/b&gt; &amp; &quot;friends&quot;/);
    assert.match(view.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(view.body, /<script>/);
    assert.match(view.body, /\$1\.50 USD/);
  });
});

describe('payments through Stripe', () => {
  const secret = 'whsec_test_secret';
  let stripe: FakeStripe;
  let server: TestServer;
  let token: string;
  let userSessions: { sub: string; pack: string };
  const signer = new Stripe('sk_test_unused');
  const webhook = (event: object, signWith = secret) => {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: signWith });
    return client(server).raw('POST', '/payments/webhook', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
  };
  const completed = (eventId: string, sessionId: string, extra: object = {}) => ({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', ...extra } },
  });

  before(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_secret',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: stripe.apiBase,
    });
    token = await signIn(server, 'sam@example.com');
    userSessions = { sub: '', pack: '' };
  });
  after(async () => {
    await server.close();
    await stripe.close();
  });

  it('opens a Stripe checkout session in subscription mode for a plan', async () => {
    const session = await openSubscription(server, token, 'starter');
    userSessions.sub = session.session_id;
    assert.equal(session.url, `https://checkout.stripe.test/c/pay/${session.session_id}`);
    const sent = stripe.requests.at(-1)!;
    assert.equal(sent.path, '/v1/checkout/sessions');
    assert.equal(sent.authorization, 'Bearer sk_test_secret');
    assert.equal(sent.form.get('mode'), 'subscription');
    assert.equal(sent.form.get('line_items[0][price_data][unit_amount]'), '900');
    assert.equal(sent.form.get('line_items[0][price_data][recurring][interval]'), 'month');
    assert.equal(sent.form.get('success_url'), `${ORIGIN}/payment/success`);
    assert.equal(sent.form.get('cancel_url'), `${ORIGIN}/payment/cancel`);
  });

  it('rejects webhooks without a valid signature (400) and changes nothing', async () => {
    const event = completed('evt_forged', userSessions.sub, { subscription: 'sub_123' });
    assert.equal((await webhook(event, 'whsec_wrong')).status, 400);
    const unsigned = await client(server).raw('POST', '/payments/webhook', JSON.stringify(event), {
      'content-type': 'application/json',
    });
    assert.equal(unsigned.status, 400);
    assert.equal((await client(server, token).get('/payments/subscription/status')).body.data.is_subscribed, false);
  });

  it('fulfils checkout.session.completed once, however often it is replayed', async () => {
    const event = completed('evt_1', userSessions.sub, { subscription: 'sub_123' });
    const first = await webhook(event);
    assert.equal(first.status, 200);
    assert.equal(first.body.result, 'fulfilled');
    const replay = await webhook({ ...event, id: 'evt_1_retry' });
    assert.equal(replay.body.result, 'already_processed');
    assert.deepEqual((await client(server, token).get('/credits/balance')).body, {
      available_credits: 600,
      subscription_credits: 500,
    });
    assert.equal((await client(server, token).get('/payments/subscription/status')).body.data.is_subscribed, true);
  });

  it('sells a package in payment mode and credits it once', async () => {
    const res = await client(server, token).post('/payments/create-checkout-session', { package_id: 'medium' });
    assert.equal(res.status, 200);
    assert.equal(stripe.requests.at(-1)!.form.get('mode'), 'payment');
    assert.equal(stripe.requests.at(-1)!.form.get('line_items[0][price_data][unit_amount]'), '1800');
    const event = completed('evt_2', res.body.data.session_id);
    await Promise.all([webhook(event), webhook(event)]);
    assert.deepEqual((await client(server, token).get('/credits/balance')).body, {
      available_credits: 1600,
      subscription_credits: 500,
    });
  });

  it('renews on a paid cycle invoice, once per event', async () => {
    const event = {
      id: 'evt_invoice_1',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          parent: { subscription_details: { subscription: 'sub_123' } },
        },
      },
    };
    assert.equal((await webhook(event)).body.result, 'fulfilled');
    assert.equal((await webhook(event)).body.result, 'already_processed');
    const list = await transactions(server, token);
    assert.equal(list.filter((t) => t.transaction_type === 'subscription_renewal').length, 1);
    assert.deepEqual((await client(server, token).get('/credits/balance')).body, {
      available_credits: 1600,
      subscription_credits: 500,
    });
  });

  it('cancels at Stripe too, and ends the subscription when Stripe deletes it', async () => {
    const res = await client(server, token).post('/payments/subscription/cancel', { reason: 'not_using' });
    assert.equal(res.status, 200);
    const sent = stripe.requests.at(-1)!;
    assert.equal(sent.path, '/v1/subscriptions/sub_123');
    assert.equal(sent.form.get('cancel_at_period_end'), 'true');
    const deleted = {
      id: 'evt_del',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_123', object: 'subscription' } },
    };
    assert.equal((await webhook(deleted)).status, 200);
    assert.equal((await client(server, token).get('/payments/subscription/status')).body.data.is_subscribed, false);
    assert.deepEqual((await client(server, token).get('/credits/balance')).body, {
      available_credits: 1100,
      subscription_credits: 0,
    });
  });

  it('answers a failing Stripe API with 502 without leaking its message', async () => {
    stripe.failWith = 500;
    try {
      const res = await client(server, token).post('/payments/create-subscription-session', { price_id: 'pro' });
      assert.equal(res.status, 502);
      assert.doesNotMatch(JSON.stringify(res.body), /sk_test/);
    } finally {
      stripe.failWith = null;
    }
  });
});

describe('the local checkout page needs its owner', () => {
  let server: TestServer;
  let owner: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '100', RATE_LIMIT_CHECKOUT_PAY: '5' });
    owner = await signIn(server, 'owner-pay@example.com');
    stranger = await signIn(server, 'stranger-pay@example.com');
  });
  after(() => server.close());

  it('says plainly that it is a local stand-in and pays through its own script file, not an inline one', async () => {
    const session = await openSubscription(server, owner);
    const view = await page(server, 'GET', `/checkout/${session.session_id}`);
    assert.match(view.body, /Local stand-in for the card payment provider/);
    assert.match(view.body, /<script src="\/checkout\/assets\/checkout\.js" defer><\/script>/);
    assert.doesNotMatch(view.body, /<script>/);
    assert.match(String(view.headers['content-security-policy']), /script-src 'self'/);
    const script = await page(server, 'GET', '/checkout/assets/checkout.js');
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /javascript/);
    assert.match(script.body, /localStorage\.getItem\('token'\)/);
    assert.match(script.body, /Authorization: 'Bearer ' \+ token/);
  });

  it('refuses Pay without sign-in (401) and from another user (403), changing nothing; the owner pays', async () => {
    const session = await openSubscription(server, owner);
    const before = (await client(server, owner).get('/credits/balance')).body;
    const anonymous = await pay(server, null, session.session_id);
    assert.equal(anonymous.statusCode, 401);
    const form = await page(server, 'POST', `/checkout/${session.session_id}/pay`);
    assert.equal(form.statusCode, 401, 'a plain form post carries no token');
    const other = await pay(server, stranger, session.session_id);
    assert.equal(other.statusCode, 403);
    assert.deepEqual((await client(server, owner).get('/credits/balance')).body, before);
    assert.deepEqual((await client(server, stranger).get('/credits/balance')).body, {
      available_credits: 100,
      subscription_credits: 0,
    });
    const paid = await pay(server, owner, session.session_id);
    assert.equal(paid.statusCode, 200);
    assert.equal((await client(server, owner).get('/credits/balance')).body.available_credits, 600);
  });

  it('limits Pay presses per address (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await pay(server, null, '00000000-0000-4000-8000-000000000000')).statusCode);
    assert.ok(statuses.includes(429), statuses.join());
    const limited = await pay(server, owner, '00000000-0000-4000-8000-000000000000');
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });

  it('refuses to start in production without Stripe unless ALLOW_LOCAL_CHECKOUT=true', async () => {
    const { loadConfig } = await import('../src/config.ts');
    const base = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' };
    assert.throws(() => loadConfig(base), /STRIPE_SECRET_KEY.*ALLOW_LOCAL_CHECKOUT=true/s);
    assert.doesNotThrow(() => loadConfig({ ...base, ALLOW_LOCAL_CHECKOUT: 'true' }));
  });
});
