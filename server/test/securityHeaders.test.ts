// Browser security headers on every response: CSP, nosniff, framing, referrer policy, HSTS only over https.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { loadConfig } from '../src/config.ts';
import { cspDirectives } from '../src/http/securityHeaders.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const INLINE = "(function(){document.title='x'})();";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" crossorigin src="/assets/index-abc12345.js"></script></head><body><div id="root"></div></body></html>`;

const csp = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

describe('browser security headers', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'ats-csp-'));
  let server: TestServer;
  before(async () => {
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    server = await startTestServer({}, { staticDir: dist });
  });
  after(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a CSP without inline scripts except the hashed route-preload script, and the other headers', async () => {
    for (const url of ['/login', '/teams/x/chat', '/api/v1/health']) {
      const res = await server.app.inject({ method: 'GET', url });
      const policy = csp(res.headers['content-security-policy']);
      assert.deepEqual(policy['default-src'], ["'self'"], url);
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      assert.deepEqual(policy['script-src'], ["'self'", hash], url);
      assert.ok(!policy['script-src']!.includes("'unsafe-inline'"));
      assert.deepEqual(policy['style-src'], ["'self'", "'unsafe-inline'"]);
      assert.deepEqual(policy['frame-src'], ["'self'", 'http:', 'https:']);
      assert.deepEqual(policy['frame-ancestors'], ["'self'"]);
      assert.deepEqual(policy['object-src'], ["'none'"]);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS over plain http');
    }
  });

  it('allows Google sign-in origins only with GOOGLE_CLIENT_ID, and the analytics origin when set', () => {
    const local = cspDirectives(loadConfig({}), []);
    assert.ok(!JSON.stringify(local).includes('google'));
    const google = cspDirectives(
      loadConfig({
        GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
        VITE_ANALYTICS_URL: 'https://stats.example.com/collect',
      }),
      [],
    );
    assert.ok(google['script-src']!.includes('https://accounts.google.com/gsi/client'));
    assert.ok(google['connect-src']!.includes('https://stats.example.com'));
  });

  it('sends HSTS when the site is served over https', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://studio.example.com' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/v1/health' });
      assert.match(String(res.headers['strict-transport-security']), /max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});
