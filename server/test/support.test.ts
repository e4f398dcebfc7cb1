// Support reports: a user sends a redacted snapshot; the server redacts it again, keeps it, and shows it to its owner
// and to admins only.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

const snapshot = (extra: object = {}) => ({
  format: 'agent-team-studio.support-snapshot',
  version: 1,
  route: '/teams/t1/chat?session=s1',
  state: { auth: { user: { name: 'Ann' } } },
  ...extra,
});

describe('support reports', () => {
  let server: TestServer;
  let admin: ReturnType<typeof client>;
  let ann: ReturnType<typeof client>;
  let bob: ReturnType<typeof client>;

  before(async () => {
    server = await startTestServer();
    // The first user of a fresh server is its admin.
    admin = client(server, await signIn(server, 'admin@example.com'));
    ann = client(server, await signIn(server, 'ann@example.com'));
    bob = client(server, await signIn(server, 'bob@example.com'));
  });
  after(() => server.close());

  it('keeps a report redacted again on the server, for its owner and admins only', async () => {
    const sent = await ann.post('/support/reports', {
      note: 'The reply stopped half way',
      snapshot: snapshot({
        leaked: { access_token: 'abc', text: `Bearer ${JWT}`, configured_fields: { GITHUB_TOKEN: 'ghp_secret' } },
      }),
    });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    const id = sent.body.data.id as string;

    const read = await ann.get(`/support/reports/${id}`);
    assert.equal(read.status, 200);
    const stored = JSON.stringify(read.body.data.snapshot);
    for (const secret of ['abc', JWT, 'ghp_secret']) assert.ok(!stored.includes(secret), `${secret} was stored`);
    assert.equal(read.body.data.note, 'The reply stopped half way');

    assert.equal((await bob.get(`/support/reports/${id}`)).status, 403);
    assert.equal((await admin.get(`/support/reports/${id}`)).status, 200);
    assert.deepEqual((await bob.get('/support/reports')).body.data.reports, [], 'another user lists none of it');
    const listed = (await admin.get('/support/reports')).body.data.reports;
    assert.equal(listed[0].id, id);
    assert.equal(listed[0].user_email, 'ann@example.com');
    assert.equal(listed[0].route, '/teams/t1/chat?session=s1');
    assert.equal((await ann.get('/support/reports')).body.data.reports.length, 1);
  });

  it('refuses what is not a snapshot, and one too large', async () => {
    assert.equal((await ann.post('/support/reports', { snapshot: { format: 'other', version: 1 } })).status, 422);
    assert.equal((await ann.post('/support/reports', {})).status, 422);
    assert.equal((await client(server).post('/support/reports', { snapshot: snapshot() })).status, 401);
    const huge = await ann.post('/support/reports', { snapshot: snapshot({ blob: 'x'.repeat(5 * 1024 * 1024) }) });
    assert.equal(huge.status, 413);
    assert.equal((await ann.get('/support/reports/nope')).status, 404);
  });
});
