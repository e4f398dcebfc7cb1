import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl } from '../src/app.ts';
import { client, startTestServer, type TestServer } from './helpers.ts';

describe('application shell', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('answers the health check', async () => {
    const res = await client(server).get('/health');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok' });
  });

  it('answers an unknown /api/v1 path with a JSON 404', async () => {
    const res = await client(server).get('/no/such/endpoint');
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { detail: 'Not Found' });
  });

  it('redacts tokens from logged URLs', () => {
    assert.equal(
      redactUrl('/api/v1/teams/x/ws?token=abc.def&session_id=1'),
      '/api/v1/teams/x/ws?token=[redacted]&session_id=1',
    );
  });
});
