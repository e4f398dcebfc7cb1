import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { parseSignature, serializeSignature, type Hex } from 'viem';
import { teams, users } from '../src/db/schema.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';
import { startFakeGoogle, type FakeGoogle } from './fakes/jwks.ts';

const HOST = 'studio.test';

async function devToken(server: TestServer, email: string, name?: string): Promise<string> {
  const res = await client(server).post('/auth/dev/token', { email, ...(name ? { name } : {}) });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.token;
}

function walletMessage(
  account: PrivateKeyAccount,
  issuedAt: Date,
  host = HOST,
  nonce = 'abc12345',
  address: string = account.address,
): string {
  return `${host} wants you to sign in with your Ethereum account:\n${address}\n\nSign in to Agent Team Studio\n\nURI: http://${host}\nVersion: 1\nChain ID: 1\nNonce: ${nonce}\nIssued At: ${issuedAt.toISOString()}`;
}

describe('sign-in with the local identity provider', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '100' });
  });
  after(() => server.close());

  it('answers login of an unknown user with 404 user_not_found so the client registers', async () => {
    const res = await client(server).post('/auth/google/login', {
      token: await devToken(server, 'nobody@example.com'),
    });
    assert.equal(res.status, 404);
    assert.equal(res.body.detail.code, 'user_not_found');
    assert.equal(typeof res.body.detail.message, 'string');
  });

  it('registers the first user as admin and owner of the configured team, with welcome credits', async () => {
    const token = await devToken(server, 'Alice@Example.com', 'Alice Liddell');
    const reg = await client(server).post('/auth/google/register', { token });
    assert.equal(reg.status, 201);
    assert.equal(reg.body.token_type, 'bearer');
    const me = await client(server, reg.body.access_token).get('/auth/users/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.email, 'alice@example.com');
    assert.equal(me.body.name, 'Alice Liddell');
    assert.equal(me.body.username, 'alice');
    assert.equal(me.body.is_admin, true);
    assert.match(me.body.google_id, /^local-/);
    for (const key of ['id', 'name', 'username', 'email', 'picture', 'google_id', 'is_admin'])
      assert.ok(key in me.body, key);
    assert.ok(!JSON.stringify(me.body).includes('secret'));
    const [team] = await server.ctx.db.select().from(teams).where(eq(teams.id, server.ctx.config.TEAM_ID));
    assert.equal(team?.ownerId, me.body.id);
    const tx = await client(server, reg.body.access_token).get('/credits/transactions');
    assert.equal(tx.body.data.total, 1);
    assert.equal(tx.body.data.transactions[0].transaction_type, 'free_credits');
    assert.equal(tx.body.data.transactions[0].amount, 100);
    const balance = await client(server, reg.body.access_token).get('/credits/balance');
    assert.deepEqual(balance.body, { available_credits: 100, subscription_credits: 0 });
  });

  it('logs a registered user in and refuses to register them twice (409)', async () => {
    const token = await devToken(server, 'alice@example.com');
    const login = await client(server).post('/auth/google/login', { token });
    assert.equal(login.status, 200);
    assert.equal(typeof login.body.access_token, 'string');
    const again = await client(server).post('/auth/google/register', { token });
    assert.equal(again.status, 409);
    assert.match(again.body.detail, /already exists/);
  });

  it('makes later users non-admins with unique usernames from the e-mail local part', async () => {
    const bob = await signIn(server, 'alice@other.org');
    const me = await client(server, bob).get('/auth/users/me');
    assert.equal(me.body.is_admin, false);
    assert.equal(me.body.username, 'alice2');
    const third = await client(server, await signIn(server, 'alice@third.org')).get('/auth/users/me');
    assert.equal(third.body.username, 'alice3');
  });

  it('rejects forged, garbage and expired ID tokens with 401', async () => {
    const token = await devToken(server, 'carol@example.com');
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const bad of [forged, 'not-a-jwt', 'a.b.c']) {
      const res = await client(server).post('/auth/google/login', { token: bad });
      assert.equal(res.status, 401, bad);
      assert.equal(typeof res.body.detail, 'string');
    }
    server.clock.advance(11 * 60 * 1000);
    const expired = await client(server).post('/auth/google/register', { token });
    assert.equal(expired.status, 401);
    assert.match(expired.body.detail, /expired/);
    const count = await server.ctx.db.select().from(users).where(eq(users.email, 'carol@example.com'));
    assert.equal(count.length, 0);
  });

  it('validates sign-in bodies (422) and refuses bodies over 1 MB (413)', async () => {
    const anon = client(server);
    for (const body of [{}, { token: '' }, { token: 5 }, { token: null }, { token: ['x'] }]) {
      assert.equal((await anon.post('/auth/google/login', body)).status, 422, JSON.stringify(body));
      assert.equal((await anon.post('/auth/google/register', body)).status, 422, JSON.stringify(body));
    }
    for (const body of [
      {},
      { email: 'not-an-email' },
      { email: 'a@b.co', name: 7 },
      { email: `${'x'.repeat(300)}@b.co` },
    ]) {
      assert.equal((await anon.post('/auth/dev/token', body)).status, 422, JSON.stringify(body));
    }
    const huge = await anon.post('/auth/google/login', { token: 'x'.repeat(1_100_000) });
    assert.equal(huge.status, 413);
    const notJson = await anon.raw('POST', '/auth/google/login', '{oops', { 'content-type': 'application/json' });
    assert.equal(notJson.status, 400);
  });

  it('answers malformed bodies of every sign-in endpoint with 4xx, never 500, and stores no user', async () => {
    const before = (await server.ctx.db.select().from(users)).length;
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { token: { $gt: '' } },
      { email: ['a@b.co'] },
      { wallet_address: null },
      { ['__proto__']: { is_admin: true } },
    ];
    for (const url of [
      '/auth/google/login',
      '/auth/google/register',
      '/auth/dev/token',
      '/auth/wallet/login',
      '/auth/wallet/register',
    ]) {
      for (const body of bodies) {
        const res = await client(server).raw('POST', url, JSON.stringify(body), { 'content-type': 'application/json' });
        assert.ok(res.status >= 400 && res.status < 500, `${url} ${JSON.stringify(body)} → ${res.status}`);
      }
    }
    assert.equal((await server.ctx.db.select().from(users)).length, before);
  });

  it('answers /auth/users/me without or with a bad access token with 401', async () => {
    assert.equal((await client(server).get('/auth/users/me')).status, 401);
    assert.equal((await client(server, 'garbage').get('/auth/users/me')).status, 401);
  });
});

describe('admins from ADMIN_EMAILS', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ADMIN_EMAILS: 'Boss@Example.com', ALLOW_LOCAL_SIGN_IN: 'true' });
  });
  after(() => server.close());

  it('makes only listed e-mails admin, not the first user', async () => {
    const first = await client(server, await signIn(server, 'first@example.com')).get('/auth/users/me');
    assert.equal(first.body.is_admin, false);
    const boss = await client(server, await signIn(server, 'boss@example.com')).get('/auth/users/me');
    assert.equal(boss.body.is_admin, true);
  });
});

describe('sign-in with Google ID tokens', () => {
  const clientId = 'test-client.apps.googleusercontent.com';
  let google: FakeGoogle;
  let server: TestServer;
  before(async () => {
    google = await startFakeGoogle(clientId);
    server = await startTestServer({ GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: google.jwksUrl });
  });
  after(async () => {
    await server.close();
    await google.close();
  });

  it('turns off the local identity provider (404)', async () => {
    const res = await client(server).post('/auth/dev/token', { email: 'a@example.com', name: 'A' });
    assert.equal(res.status, 404);
  });

  it('registers and logs in with a token signed by the published keys', async () => {
    const token = await google.idToken({
      sub: 'g-123',
      email: 'gina@example.com',
      name: 'Gina',
      picture: 'https://example.com/g.png',
    });
    const login = await client(server).post('/auth/google/login', { token });
    assert.equal(login.status, 404);
    assert.equal(login.body.detail.code, 'user_not_found');
    assert.equal((await client(server).post('/auth/google/register', { token })).status, 201);
    const again = await client(server).post('/auth/google/login', { token });
    assert.equal(again.status, 200);
    const me = await client(server, again.body.access_token).get('/auth/users/me');
    assert.equal(me.body.google_id, 'g-123');
    assert.equal(me.body.picture, 'https://example.com/g.png');
  });

  it('rejects another audience, another issuer, an expired token, an unverified or missing e-mail and another signing key (401)', async () => {
    const bad = [
      await google.idToken({ sub: 'g-1', email: 'x@example.com', aud: 'someone-else' }),
      await google.idToken({ sub: 'g-1', email: 'x@example.com', iss: 'https://evil.example.com' }),
      await google.idToken({ sub: 'g-1', email: 'x@example.com' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      await google.idToken({ sub: 'g-1', email: 'x@example.com', email_verified: false }),
      await google.idToken({ sub: 'g-1' }),
    ];
    for (const token of bad) {
      const res = await client(server).post('/auth/google/register', { token });
      assert.equal(res.status, 401, JSON.stringify(res.body));
    }
    const other = await startFakeGoogle(clientId);
    try {
      const foreign = await other.idToken({ sub: 'g-1', email: 'x@example.com' });
      assert.equal((await client(server).post('/auth/google/login', { token: foreign })).status, 401);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in with a wallet', () => {
  let server: TestServer;
  let account: PrivateKeyAccount;
  const post = (url: string, body: unknown) => client(server).raw('POST', url, body, { host: HOST });
  const nonce = async () =>
    (await client(server).raw('GET', '/auth/wallet/nonce', undefined, { host: HOST })).body.nonce as string;
  const proof = async (who: PrivateKeyAccount, issuedAt = server.clock.now, host = HOST) => {
    const message = walletMessage(who, issuedAt, host, await nonce());
    return { wallet_address: who.address, message, signature: await who.signMessage({ message }) };
  };

  before(async () => {
    server = await startTestServer();
    account = privateKeyToAccount(generatePrivateKey());
  });
  after(() => server.close());

  it('answers login of an unknown wallet with 404 user_not_found', async () => {
    const res = await post('/auth/wallet/login', await proof(account));
    assert.equal(res.status, 404);
    assert.equal(res.body.detail.code, 'user_not_found');
  });

  it('registers a wallet, then logs in with a fresh signature', async () => {
    const reg = await post('/auth/wallet/register', {
      ...(await proof(account)),
      username: 'satoshi',
      email: 'sat@example.com',
    });
    assert.equal(reg.status, 201, JSON.stringify(reg.body));
    const me = await client(server, reg.body.access_token).get('/auth/users/me');
    assert.equal(me.body.username, 'satoshi');
    assert.equal(me.body.wallet_address, account.address);
    server.clock.advance(1000);
    const login = await post('/auth/wallet/login', await proof(account));
    assert.equal(login.status, 200);
    assert.equal(login.body.token_type, 'bearer');
    // A lower-case address as wallets report it.
    const address = account.address.toLowerCase();
    const message = walletMessage(account, server.clock.now, HOST, await nonce(), address);
    const short = await post('/auth/wallet/login', {
      wallet_address: address,
      message,
      signature: await account.signMessage({ message }),
    });
    assert.equal(short.status, 200, JSON.stringify(short.body));
  });

  it('accepts a signature once, even when used in parallel or in its malleable twin form', async () => {
    server.clock.advance(1000);
    const body = await proof(account);
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/auth/wallet/login', body)));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401, 401]);
    const { r, s, yParity } = parseSignature(body.signature as Hex);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const twin = serializeSignature({
      r,
      s: `0x${(n - BigInt(s)).toString(16).padStart(64, '0')}`,
      yParity: yParity === 0 ? 1 : 0,
    });
    const replay = await post('/auth/wallet/login', { ...body, signature: twin });
    assert.equal(replay.status, 401);
  });

  it('rejects a wrong signer, another host, an old, future-dated or undated message with 401', async () => {
    const other = privateKeyToAccount(generatePrivateKey());
    const good = await proof(account);
    const cases = [
      { ...good, signature: await other.signMessage({ message: good.message }) },
      await proof(account, server.clock.now, 'evil.example.com'),
      await proof(account, new Date(server.clock.now.getTime() - 11 * 60 * 1000)),
      await proof(account, new Date(server.clock.now.getTime() + 5 * 60 * 1000)),
      await (async () => {
        const message = `${HOST} sign in, no date`;
        return { wallet_address: account.address, message, signature: await account.signMessage({ message }) };
      })(),
      { ...(await proof(other)), wallet_address: account.address },
    ];
    for (const body of cases) {
      const res = await post('/auth/wallet/login', body);
      assert.equal(res.status, 401, JSON.stringify(res.body));
      assert.equal(typeof res.body.detail, 'string');
    }
  });

  it('refuses a taken username, a taken e-mail or an already registered wallet (409)', async () => {
    const newcomer = privateKeyToAccount(generatePrivateKey());
    const taken = await post('/auth/wallet/register', {
      ...(await proof(newcomer)),
      username: 'satoshi',
      email: 'new@example.com',
    });
    assert.equal(taken.status, 409);
    const email = await post('/auth/wallet/register', {
      ...(await proof(newcomer)),
      username: 'newbie',
      email: 'sat@example.com',
    });
    assert.equal(email.status, 409);
    const wallet = await post('/auth/wallet/register', {
      ...(await proof(account)),
      username: 'other1',
      email: 'o@example.com',
    });
    assert.equal(wallet.status, 409);
  });

  it('validates wallet bodies (422) without storing anything', async () => {
    const good = await proof(privateKeyToAccount(generatePrivateKey()));
    const before = await server.ctx.db.select().from(users);
    const bad = [
      {},
      { ...good, wallet_address: '0x123' },
      { ...good, signature: 'zz' },
      { ...good, message: '' },
      { ...good, message: 'x'.repeat(5000) },
      { ...good, wallet_address: 42 },
    ];
    for (const body of bad) assert.equal((await post('/auth/wallet/login', body)).status, 422, JSON.stringify(body));
    for (const extra of [
      { username: 'a', email: 'x@example.com' },
      { username: 'okname', email: 'nope' },
      { username: 'bad name!', email: 'x@example.com' },
    ]) {
      assert.equal((await post('/auth/wallet/register', { ...good, ...extra })).status, 422, JSON.stringify(extra));
    }
    assert.equal((await server.ctx.db.select().from(users)).length, before.length);
  });
});
