// Sign-in defaults and sessions: the local identity provider in production, admins through it, sign-out, token
// expiry and per-address limits.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { loadConfig, startupWarnings } from '../src/config.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('the local identity provider as a default', () => {
  it('refuses to start in production without GOOGLE_CLIENT_ID unless ALLOW_LOCAL_SIGN_IN=true', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x' }),
      /GOOGLE_CLIENT_ID.*ALLOW_LOCAL_SIGN_IN=true/s,
    );
    assert.doesNotThrow(() =>
      loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', ALLOW_LOCAL_SIGN_IN: 'true' }),
    );
    assert.doesNotThrow(() =>
      loadConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test_x',
        GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      }),
    );
    assert.doesNotThrow(() => loadConfig({}), 'the zero-setup default still starts outside production');
  });

  it('warns at start-up that anyone can sign in as anyone', () => {
    const warnings = startupWarnings(loadConfig({}));
    assert.ok(
      warnings.some((w) => /anyone .* can sign in with any e-mail/.test(w)),
      warnings.join('\n'),
    );
    assert.deepEqual(startupWarnings(loadConfig({ GOOGLE_CLIENT_ID: 'x', STRIPE_SECRET_KEY: 'sk_test_x' })), []);
  });

  describe('with ADMIN_EMAILS set', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
    });
    after(() => server.close());

    it('never makes a listed e-mail admin through the local provider, neither on registration nor on login', async () => {
      const token = await signIn(server, 'boss@example.com');
      assert.equal((await client(server, token).get('/auth/users/me')).body.is_admin, false);
      const again = await signIn(server, 'boss@example.com');
      assert.equal((await client(server, again).get('/auth/users/me')).body.is_admin, false);
    });
  });
});

describe('sign-out and access tokens', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ JWT_SECRET: SECRET });
  });
  after(() => server.close());

  it('revokes the access token on POST /auth/logout; a new sign-in works', async () => {
    const token = await signIn(server, 'leaver@example.com');
    const other = await signIn(server, 'stayer@example.com');
    assert.equal((await client(server, token).get('/auth/users/me')).status, 200);
    assert.equal((await client(server, token).post('/auth/logout')).status, 204);
    assert.equal((await client(server, token).get('/auth/users/me')).status, 401);
    assert.equal((await client(server, token).post('/auth/logout')).status, 401);
    assert.equal((await client(server, other).get('/auth/users/me')).status, 200, 'other users stay signed in');
    const fresh = await signIn(server, 'leaver@example.com');
    assert.equal((await client(server, fresh).get('/auth/users/me')).status, 200);
  });

  it('refuses an access token without an expiry', async () => {
    const token = await signIn(server, 'forever@example.com');
    const me = (await client(server, token).get('/auth/users/me')).body;
    const forever = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me.id)
      .setIssuer('agent-team-studio')
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET));
    assert.equal((await client(server, forever).get('/auth/users/me')).status, 401);
  });
});

describe('per-address limits on sign-in', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ RATE_LIMIT_SIGN_IN: '3' });
  });
  after(() => server.close());

  it('answers 429 with Retry-After once an address asked for too many sign-in tokens', async () => {
    const anon = client(server);
    for (let i = 0; i < 3; i++)
      assert.equal((await anon.post('/auth/dev/token', { email: `u${i}@example.com` })).status, 200);
    const limited = await anon.post('/auth/dev/token', { email: 'u9@example.com' });
    assert.equal(limited.status, 429);
    assert.match(limited.body.detail, /Too many requests/);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    const other = await anon.raw('POST', '/auth/dev/token', { email: 'u9@example.com' }, {});
    assert.equal(other.status, 429);
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/dev/token',
      payload: { email: 'x@example.com' },
      remoteAddress: '10.0.0.9',
    });
    assert.equal(elsewhere.statusCode, 200, 'another address is not limited');
    for (const path of ['/auth/google/login', '/auth/google/register', '/auth/wallet/login', '/auth/wallet/register']) {
      for (let i = 0; i < 3; i++) await anon.post(path, {});
      assert.equal((await anon.post(path, {})).status, 429, path);
    }
  });
});
