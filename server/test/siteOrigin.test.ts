// Which host is this site's: proxy headers only from TRUST_PROXY, PUBLIC_URL first; wallet sign-in with a
// server-issued nonce (EIP-4361); checkout return addresses are this site's own paths.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createServer } from '../src/server.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const siwe = (o: { host: string; uri: string; address: string; nonce: string; issuedAt: Date }) =>
  `${o.host} wants you to sign in with your Ethereum account:\n${o.address}\n\nSign in to Agent Team Studio.\n\nURI: ${o.uri}\nVersion: 1\nChain ID: 1\nNonce: ${o.nonce}\nIssued At: ${o.issuedAt.toISOString()}`;

describe('proxy headers', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer();
    token = await signIn(server, 'proxied@example.com');
  });
  after(() => server.close());

  it('ignores X-Forwarded-Host and -Proto from a client when TRUST_PROXY is unset', async () => {
    const res = await client(server, token).raw(
      'POST',
      '/payments/create-subscription-session',
      { price_id: 'starter', success_url: 'https://evil.test/payment/success' },
      { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' },
    );
    assert.equal(res.status, 422, JSON.stringify(res.body));
    const ok = await client(server, token).raw(
      'POST',
      '/payments/create-subscription-session',
      { price_id: 'starter' },
      { 'x-forwarded-host': 'evil.test' },
    );
    assert.equal(ok.status, 200);
    assert.equal(new URL(ok.body.data.url).host, 'localhost');
  });

  it('redirects Pay and Cancel to paths of this site only, whatever Host the checkout was opened with', async () => {
    const opened = await client(server, token).raw(
      'POST',
      '/payments/create-subscription-session',
      {
        price_id: 'starter',
        success_url: 'http://evil.test/payment/success',
        cancel_url: 'http://evil.test/payment/cancel',
      },
      { host: 'evil.test' },
    );
    assert.equal(opened.status, 200, 'the forged Host header makes the URLs look same-site');
    const id = opened.body.data.session_id;
    const paid = await server.app.inject({
      method: 'POST',
      url: `/checkout/${id}/pay`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(paid.statusCode, 200);
    assert.equal(paid.json().data.redirect_url, '/payment/success');
  });

  it('believes proxy headers from a TRUST_PROXY address', async () => {
    const trusting = await startTestServer({ TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' });
    try {
      const user = await signIn(trusting, 'behind-proxy@example.com');
      const res = await client(trusting, user).raw(
        'POST',
        '/payments/create-subscription-session',
        { price_id: 'starter' },
        {
          'x-forwarded-host': 'studio.example.org',
          'x-forwarded-proto': 'https',
        },
      );
      assert.equal(res.status, 200);
      assert.equal(new URL(res.body.data.url).origin, 'https://studio.example.org');
    } finally {
      await trusting.close();
    }
  });
});

describe('wallet sign-in with server-issued nonces', () => {
  const HOST = 'studio.example.com';
  let server: TestServer;
  let account: PrivateKeyAccount;
  const anon = () => client(server);
  const nonce = async (s: TestServer = server) => {
    const res = await client(s).get('/auth/wallet/nonce');
    assert.equal(res.status, 200);
    assert.match(res.body.nonce, /^[a-zA-Z0-9]{8,}$/);
    return res.body.nonce as string;
  };
  const signed = async (fields: Partial<Parameters<typeof siwe>[0]> = {}) => {
    const message = siwe({
      host: HOST,
      uri: `https://${HOST}/login`,
      address: account.address,
      nonce: await nonce(),
      issuedAt: server.clock.now,
      ...fields,
    });
    return { wallet_address: account.address, message, signature: await account.signMessage({ message }) };
  };

  before(async () => {
    server = await startTestServer({ PUBLIC_URL: `https://${HOST}` });
    account = privateKeyToAccount(generatePrivateKey());
    const reg = await anon().post('/auth/wallet/register', {
      ...(await signed()),
      username: 'nakamoto',
      email: 'n@example.com',
    });
    assert.equal(reg.status, 201, JSON.stringify(reg.body));
  });
  after(() => server.close());

  it('accepts a standard EIP-4361 message with a fresh nonce, once', async () => {
    const body = await signed();
    assert.equal((await anon().post('/auth/wallet/login', body)).status, 200);
    assert.equal((await anon().post('/auth/wallet/login', body)).status, 401);
  });

  it('refuses a nonce the server never issued, an expired one, and one reused in a newly signed message', async () => {
    assert.equal((await anon().post('/auth/wallet/login', await signed({ nonce: 'abcdefgh12345678' }))).status, 401);
    const old = await nonce();
    server.clock.advance(11 * 60 * 1000);
    assert.equal((await anon().post('/auth/wallet/login', await signed({ nonce: old }))).status, 401);
    const used = await nonce();
    assert.equal((await anon().post('/auth/wallet/login', await signed({ nonce: used }))).status, 200);
    server.clock.advance(1000);
    assert.equal((await anon().post('/auth/wallet/login', await signed({ nonce: used }))).status, 401);
  });

  it('needs the exact domain of PUBLIC_URL and a URI on its origin, whatever Host or X-Forwarded-Host say', async () => {
    const cases = [
      await signed({ host: 'evil.test', uri: 'https://evil.test/login' }),
      await signed({ host: `sub.${HOST}` }),
      await signed({ host: `${HOST}:8443` }),
      await signed({ uri: 'https://evil.test/login' }),
      await signed({ uri: `http://${HOST}/login` }),
    ];
    for (const body of cases) {
      const res = await anon().raw('POST', '/auth/wallet/login', body, {
        host: 'evil.test',
        'x-forwarded-host': 'evil.test',
      });
      assert.equal(res.status, 401, body.message);
    }
    const legacy = `${HOST} wants you to sign in with your Ethereum account:\n${account.address}\n\nSign in.\n\nIssued At: ${server.clock.now.toISOString()}`;
    const res = await anon().post('/auth/wallet/login', {
      wallet_address: account.address,
      message: legacy,
      signature: await account.signMessage({ message: legacy }),
    });
    assert.equal(res.status, 401, 'a message without nonce is not EIP-4361');
  });

  it('accepts a nonce issued by another instance on the same database, once', async () => {
    const second = await createServer(server.ctx.config, { database: server.database, now: () => server.clock.now });
    try {
      const issued = await nonce({ ...server, app: second.app } as TestServer);
      const body = await signed({ nonce: issued });
      assert.equal((await client(second).post('/auth/wallet/login', body)).status, 200);
      assert.equal((await anon().post('/auth/wallet/login', body)).status, 401);
    } finally {
      await second.app.close();
    }
  });
});
