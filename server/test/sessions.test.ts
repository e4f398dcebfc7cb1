// Chat sessions: the runtime's store, the session and message endpoints, chat uploads and who may see what.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ChatSession } from '../../contract/types.ts';
import { chatMessages, chatSessions, uploadedFiles } from '../src/db/schema.ts';
import {
  appendMessage,
  createSession,
  getOwnedFiles,
  getOwnedSession,
  recentMessages,
  updateMessage,
  updateTeamContext,
} from '../src/teams/sessions.ts';
import { createSessionIds } from '../src/teams/sessionIds.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const MB = 1024 * 1024;

/** A signed-in user: the token and the user id it carries. */
async function userToken(server: TestServer, email: string): Promise<{ token: string; id: string }> {
  const token = await signIn(server, email);
  const id = await server.ctx.tokens.verify(token);
  assert.ok(id);
  return { token, id };
}

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, content: Buffer, type = 'text/plain') {
  const boundary = '----ats-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  server: TestServer,
  token: string,
  url: string,
  field: string,
  filename: string,
  content: Buffer,
) {
  const { payload, headers } = multipart(field, filename, content);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('chat sessions, messages and uploads', () => {
  let server: TestServer;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };

  before(async () => {
    server = await startTestServer();
    alice = await userToken(server, 'alice@example.com');
    bob = await userToken(server, 'bob@example.com');
  });
  after(() => server.close());

  describe('the store the runtime writes into', () => {
    it('creates a session in the contract shape, unnamed', async () => {
      const session = await createSession(server.ctx, { teamId: TEAM_ID, userId: alice.id });
      assert.equal(session.session_id, session.id);
      assert.equal(session.session_name, null);
      assert.equal(session.name, null);
      assert.equal(session.team_id, TEAM_ID);
      assert.equal(session.created_at, server.clock.now.toISOString());
      assert.equal(session.last_updated, session.updated_at);
      assert.deepEqual(await getOwnedSession(server.ctx, session.session_id, alice.id), {
        ...session,
        team_context: {},
      });
    });

    it('refuses another user (403) and unknown ids (404)', async () => {
      const session = await createSession(server.ctx, { teamId: TEAM_ID, userId: alice.id });
      await assert.rejects(getOwnedSession(server.ctx, session.session_id, bob.id), { statusCode: 403 });
      await assert.rejects(getOwnedSession(server.ctx, 'no-such-session', alice.id), { statusCode: 404 });
    });

    it('appends, updates and returns the last messages oldest first, bumping the session', async () => {
      const session = await createSession(server.ctx, { teamId: TEAM_ID, userId: alice.id, name: 'Runtime' });
      server.clock.advance(1000);
      const first = await appendMessage(server.ctx, {
        sessionId: session.session_id,
        role: 'user',
        content: 'one',
        fileIds: ['f1'],
      });
      const second = await appendMessage(server.ctx, {
        sessionId: session.session_id,
        role: 'assistant',
        content: '',
        runId: 'run-1',
      });
      await appendMessage(server.ctx, { sessionId: session.session_id, role: 'user', content: 'three' });
      await updateMessage(server.ctx, second, {
        content: 'two',
        toolCalls: [{ tool_call_id: 't1', tool_name: 'search', tool_args: { q: 'x' }, result: 'ok' }],
        memberResponses: [{ member_name: 'Workflow Architect', content: 'done' }],
      });
      const lastTwo = await recentMessages(server.ctx, session.session_id, 2);
      assert.deepEqual(
        lastTwo.map((m) => m.content),
        ['two', 'three'],
      );
      assert.equal(lastTwo[0]!.role, 'assistant');
      assert.equal(lastTwo[0]!.tool_calls?.[0]?.tool_name, 'search');
      assert.equal(lastTwo[0]!.member_responses?.[0]?.content, 'done');
      const all = await recentMessages(server.ctx, session.session_id, 100);
      assert.equal(all[0]!.id, first);
      assert.deepEqual(all[0]!.file_ids, ['f1']);
      const reread = await getOwnedSession(server.ctx, session.session_id, alice.id);
      assert.equal(reread.last_updated, server.clock.now.toISOString());
      assert.notEqual(reread.last_updated, reread.created_at);
    });

    it('drops NUL characters from stored text, which PostgreSQL cannot hold', async () => {
      const session = await createSession(server.ctx, { teamId: TEAM_ID, userId: alice.id, name: 'a\u0000b' });
      const id = await appendMessage(server.ctx, {
        sessionId: session.session_id,
        role: 'assistant',
        content: 'bin\u0000ary',
        toolCalls: [{ tool_call_id: 't', tool_name: 'fetch', tool_args: { 'k\u0000': 'v\u0000' }, result: 'r\u0000' }],
      });
      await updateMessage(server.ctx, id, { memberResponses: [{ member_name: 'M', content: 'c\u0000' }] });
      const [message] = await recentMessages(server.ctx, session.session_id, 1);
      assert.equal(session.session_name, 'ab');
      assert.equal(message?.content, 'binary');
      assert.deepEqual(message?.tool_calls?.[0]?.tool_args, { k: 'v' });
      assert.equal(message?.tool_calls?.[0]?.result, 'r');
      assert.equal(message?.member_responses?.[0]?.content, 'c');
    });

    it('stores the team context', async () => {
      const session = await createSession(server.ctx, { teamId: TEAM_ID, userId: alice.id });
      const context = { member_interactions: [{ member_name: 'A', task: 't', response: 'r' }] };
      await updateTeamContext(server.ctx, session.session_id, context);
      const res = await client(server, alice.token).get(`/teams/sessions/${session.session_id}`);
      assert.deepEqual(res.body.data.team_context, context);
    });
  });

  describe('session endpoints', () => {
    let sessions: ChatSession[];

    before(async () => {
      await server.ctx.db.delete(chatSessions);
      sessions = [];
      for (const name of ['oldest', 'middle', 'newest']) {
        server.clock.advance(60_000);
        sessions.push(await createSession(server.ctx, { teamId: TEAM_ID, userId: alice.id, name }));
      }
      server.clock.advance(60_000);
      await createSession(server.ctx, { teamId: 'another-team-id', userId: alice.id, name: 'elsewhere' });
      await createSession(server.ctx, { teamId: TEAM_ID, userId: bob.id, name: 'bob' });
      // Activity moves the oldest session to the top.
      server.clock.advance(60_000);
      await appendMessage(server.ctx, { sessionId: sessions[0]!.session_id, role: 'user', content: 'hello again' });
    });

    it("lists the caller's sessions of a team, most recently updated first", async () => {
      const res = await client(server, alice.token).get(`/teams/${TEAM_ID}/sessions?limit=50&offset=0`);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.total, 3);
      assert.deepEqual(
        res.body.data.sessions.map((s: ChatSession) => s.session_name),
        ['oldest', 'newest', 'middle'],
      );
      const page = await client(server, alice.token).get(`/teams/${TEAM_ID}/sessions?limit=1&skip=1`);
      assert.deepEqual(
        page.body.data.sessions.map((s: ChatSession) => s.session_name),
        ['newest'],
      );
      assert.equal(page.body.data.total, 3);
      const bobs = await client(server, bob.token).get(`/teams/${TEAM_ID}/sessions`);
      assert.deepEqual(
        bobs.body.data.sessions.map((s: ChatSession) => s.session_name),
        ['bob'],
      );
    });

    it("lists all the caller's sessions across teams", async () => {
      const res = await client(server, alice.token).get('/teams/sessions?limit=20');
      assert.equal(res.body.data.total, 4);
      assert.deepEqual(
        res.body.data.sessions.map((s: ChatSession) => s.session_name),
        ['oldest', 'elsewhere', 'newest', 'middle'],
      );
    });

    it('rejects bad paging and unknown teams', async () => {
      for (const query of ['limit=0', 'limit=101', 'limit=ten', 'offset=-1', 'skip=x']) {
        assert.equal((await client(server, alice.token).get(`/teams/${TEAM_ID}/sessions?${query}`)).status, 422, query);
        assert.equal((await client(server, alice.token).get(`/teams/sessions?${query}`)).status, 422, query);
      }
      assert.equal((await client(server, alice.token).get('/teams/ffffffffffffffffffffffff/sessions')).status, 404);
      assert.equal((await client(server).get(`/teams/${TEAM_ID}/sessions`)).status, 401);
    });

    it('returns the session with its messages, oldest first, the last `limit` of them', async () => {
      const id = sessions[1]!.session_id;
      for (const content of ['a', 'b', 'c']) await appendMessage(server.ctx, { sessionId: id, role: 'user', content });
      const res = await client(server, alice.token).get(`/teams/sessions/${id}/messages?limit=2`);
      assert.equal(res.status, 200);
      const { session, team_context, messages, total } = res.body.data;
      assert.equal(session.session_id, id);
      assert.deepEqual(team_context, {});
      assert.equal(total, 3);
      assert.deepEqual(
        messages.map((m: { content: string }) => m.content),
        ['b', 'c'],
      );
      assert.equal(messages[0].role, 'user');
      assert.ok(!Number.isNaN(Date.parse(messages[0].created_at)));
      assert.deepEqual(messages[0].member_responses, []);
      assert.deepEqual(messages[0].tool_calls, []);
      assert.deepEqual(messages[0].file_ids, []);
      assert.equal((await client(server, alice.token).get(`/teams/sessions/${id}/messages?limit=0`)).status, 422);
    });

    it('pages back through a long session with skip (alias offset), counted from the newest message', async () => {
      const { session_id: id } = await createSession(server.ctx, { teamId: TEAM_ID, userId: alice.id, name: 'long' });
      for (let i = 1; i <= 7; i++) await appendMessage(server.ctx, { sessionId: id, role: 'user', content: `m${i}` });
      const page = async (query: string) => {
        const res = await client(server, alice.token).get(`/teams/sessions/${id}/messages?${query}`);
        assert.equal(res.status, 200, query);
        assert.equal(res.body.data.total, 7);
        return res.body.data.messages.map((m: { content: string }) => m.content);
      };
      assert.deepEqual(await page('limit=3'), ['m5', 'm6', 'm7']);
      assert.deepEqual(await page('limit=3&skip=3'), ['m2', 'm3', 'm4']);
      assert.deepEqual(await page('limit=3&offset=6'), ['m1']);
      assert.deepEqual(await page('limit=3&skip=9'), []);
      for (const query of ['skip=-1', 'skip=x', 'offset=1.5']) {
        assert.equal(
          (await client(server, alice.token).get(`/teams/sessions/${id}/messages?${query}`)).status,
          422,
          query,
        );
      }
      assert.equal((await client(server, alice.token).delete(`/teams/sessions/${id}`)).status, 200);
    });

    it('shows a session only to its owner: 403 for another user, 404 for an unknown id', async () => {
      const id = sessions[1]!.session_id;
      for (const url of [`/teams/sessions/${id}`, `/teams/sessions/${id}/messages`]) {
        const res = await client(server, bob.token).get(url);
        assert.equal(res.status, 403, url);
        assert.equal(res.body.detail, 'This chat session belongs to another user');
      }
      assert.equal(
        (await client(server, bob.token).patch(`/teams/sessions/${id}`, { session_name: 'mine now' })).status,
        403,
      );
      assert.equal((await client(server, bob.token).delete(`/teams/sessions/${id}`)).status, 403);
      assert.equal((await client(server, alice.token).get('/teams/sessions/unknown-id')).status, 404);
      assert.equal((await client(server, alice.token).get('/teams/sessions/unknown-id/messages')).status, 404);
      assert.equal((await client(server, alice.token).delete('/teams/sessions/unknown-id')).status, 404);
      assert.equal((await client(server, alice.token).get('/teams/sessions/%00')).status, 422);
      const [row] = await server.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, id));
      assert.equal(row?.name, 'middle');
    });

    it('renames a session (trimmed, 1 to 200 characters) and rejects anything else unchanged', async () => {
      const id = sessions[2]!.session_id;
      const res = await client(server, alice.token).patch(`/teams/sessions/${id}`, {
        session_name: '  Invoice workflow  ',
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.session_name, 'Invoice workflow');
      assert.equal(res.body.data.name, 'Invoice workflow');
      for (const body of [
        {},
        { session_name: '' },
        { session_name: '   ' },
        { session_name: 7 },
        { session_name: 'x'.repeat(201) },
        { session_name: null },
        { session_name: 'a\u0000b' },
      ]) {
        const bad = await client(server, alice.token).patch(`/teams/sessions/${id}`, body);
        assert.equal(bad.status, 422, JSON.stringify(body));
      }
      const reread = await client(server, alice.token).get(`/teams/sessions/${id}`);
      assert.equal(reread.body.data.session_name, 'Invoice workflow');
    });
  });

  describe('uploads', () => {
    it("creates a session for the first file and stores the bytes under the caller's folder", async () => {
      const res = await upload(
        server,
        alice.token,
        `/teams/${TEAM_ID}/upload-files`,
        'files',
        '../../etc/passwd',
        Buffer.from('hello'),
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const { session_id, successful_files, failed_file_details } = res.body.data;
      assert.deepEqual(failed_file_details, []);
      assert.equal(successful_files.length, 1);
      const file = successful_files[0];
      // The multipart parser keeps only the base name; it is stored as text and never becomes part of a path.
      assert.equal(file.original_filename, 'passwd');
      assert.equal(file.size, 5);
      assert.equal(file.content_type, 'text/plain');
      const session = await getOwnedSession(server.ctx, session_id, alice.id);
      assert.equal(session.team_id, TEAM_ID);
      const [owned] = await getOwnedFiles(server.ctx, alice.id, [file.file_id]);
      assert.equal(owned?.storageKey, `uploads/${alice.id.replace(/[^a-zA-Z0-9_-]/g, '_')}/${file.file_id}`);
      assert.equal((await server.ctx.storage.get(owned!.storageKey)).toString(), 'hello');
      assert.deepEqual(await getOwnedFiles(server.ctx, bob.id, [file.file_id]), []);
    });

    it("adds a file to the caller's given session, and refuses another user's session", async () => {
      const session = await createSession(server.ctx, { teamId: TEAM_ID, userId: alice.id });
      const res = await upload(
        server,
        alice.token,
        `/teams/${TEAM_ID}/upload-files?session_id=${session.session_id}`,
        'files',
        'Q3 report (final).txt',
        Buffer.from('x'),
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.data.session_id, session.session_id);
      assert.equal(res.body.data.successful_files[0].original_filename, 'Q3 report (final).txt');
      const denied = await upload(
        server,
        bob.token,
        `/teams/${TEAM_ID}/upload-files?session_id=${session.session_id}`,
        'files',
        'b.txt',
        Buffer.from('y'),
      );
      assert.equal(denied.status, 403);
      const unknown = await upload(
        server,
        bob.token,
        `/teams/${TEAM_ID}/upload-files?session_id=nope`,
        'files',
        'b.txt',
        Buffer.from('y'),
      );
      assert.equal(unknown.status, 404);
      const elsewhere = await createSession(server.ctx, { teamId: 'another-team-id', userId: alice.id });
      const mismatch = await upload(
        server,
        alice.token,
        `/teams/${TEAM_ID}/upload-files?session_id=${elsewhere.session_id}`,
        'files',
        'c.txt',
        Buffer.from('z'),
      );
      assert.equal(mismatch.status, 422);
      assert.equal(mismatch.body.detail, 'session_id belongs to another team');
      const noTeam = await upload(
        server,
        bob.token,
        '/teams/ffffffffffffffffffffffff/upload-files',
        'files',
        'b.txt',
        Buffer.from('y'),
      );
      assert.equal(noTeam.status, 404);
      const rows = await server.ctx.db.select().from(uploadedFiles).where(eq(uploadedFiles.userId, bob.id));
      assert.equal(rows.length, 0);
    });

    it('fails a file over 10 MB with 413 and the failure details, creating nothing', async () => {
      const sessionsBefore = (await server.ctx.db.select().from(chatSessions)).length;
      const res = await upload(
        server,
        alice.token,
        `/teams/${TEAM_ID}/upload-files`,
        'files',
        'big.bin',
        Buffer.alloc(10 * MB + 1),
      );
      assert.equal(res.status, 413);
      assert.equal(res.body.message.failed_file_details[0].filename, 'big.bin');
      assert.equal(res.body.message.failed_file_details[0].error, 'big.bin is too large (max 10MB)');
      assert.match(res.body.message.message, /too large/);
      assert.equal(res.body.detail.code, 'upload_failed');
      assert.equal((await server.ctx.db.select().from(chatSessions)).length, sessionsBefore);
    });

    it('accepts a file of exactly 10 MB', async () => {
      const res = await upload(
        server,
        alice.token,
        `/teams/${TEAM_ID}/upload-files`,
        'files',
        'edge.bin',
        Buffer.alloc(10 * MB, 1),
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.data.successful_files[0].size, 10 * MB);
    });

    it('fails an empty file, a wrong field and a body that is not multipart with 422', async () => {
      const filesBefore = (await server.ctx.db.select().from(uploadedFiles)).length;
      const empty = await upload(
        server,
        alice.token,
        `/teams/${TEAM_ID}/upload-files`,
        'files',
        'empty.txt',
        Buffer.alloc(0),
      );
      assert.equal(empty.status, 422);
      assert.equal(empty.body.message.failed_file_details[0].error, 'empty.txt is empty');
      const wrongField = await upload(
        server,
        alice.token,
        `/teams/${TEAM_ID}/upload-files`,
        'file',
        'a.txt',
        Buffer.from('x'),
      );
      assert.equal(wrongField.status, 422);
      assert.match(wrongField.body.message.failed_file_details[0].error, /No file in the field "files"/);
      const json = await client(server, alice.token).post(`/teams/${TEAM_ID}/upload-files`, { files: 'x' });
      assert.equal(json.status, 422);
      assert.equal(json.body.detail.code, 'upload_failed');
      const url = `/api/v1/teams/${TEAM_ID}/upload-files`;
      const headers = { authorization: `Bearer ${alice.token}`, 'content-type': 'multipart/form-data; boundary=xx' };
      const garbage = await server.app.inject({ method: 'POST', url, headers, payload: 'garbage' });
      assert.equal(garbage.statusCode, 422);
      assert.equal(garbage.json().message.failed_file_details[0].error, 'Malformed multipart body');
      const cutOff = '--xx\r\nContent-Disposition: form-data; name="files"; filename="cut.txt"\r\n\r\nhel';
      const truncated = await server.app.inject({ method: 'POST', url, headers, payload: cutOff });
      assert.equal(truncated.statusCode, 422);
      assert.equal(truncated.json().message.failed_file_details[0].error, 'The upload of cut.txt was interrupted');
      assert.equal((await server.ctx.db.select().from(uploadedFiles)).length, filesBefore);
    });

    it('deletes a session with its messages, file rows and stored bytes', async () => {
      const res = await upload(
        server,
        alice.token,
        `/teams/${TEAM_ID}/upload-files`,
        'files',
        'doomed.txt',
        Buffer.from('bye'),
      );
      const { session_id, successful_files } = res.body.data;
      await appendMessage(server.ctx, {
        sessionId: session_id,
        role: 'user',
        content: 'see file',
        fileIds: [successful_files[0].file_id],
      });
      const [file] = await getOwnedFiles(server.ctx, alice.id, [successful_files[0].file_id]);
      const bytesPath = path.join(server.dataDir, 'files', file!.storageKey);
      assert.ok(existsSync(bytesPath));
      const del = await client(server, alice.token).delete(`/teams/sessions/${session_id}`);
      assert.equal(del.status, 200);
      assert.deepEqual(del.body, { data: { deleted: true } });
      assert.equal((await client(server, alice.token).get(`/teams/sessions/${session_id}`)).status, 404);
      assert.equal(
        (await server.ctx.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session_id))).length,
        0,
      );
      assert.deepEqual(await getOwnedFiles(server.ctx, alice.id, [file!.id]), []);
      assert.ok(!existsSync(bytesPath));
    });
  });
});

describe('session ids issued before a session is stored', () => {
  const ids = createSessionIds('a-test-key-of-some-length');

  it('accepts an id only for the user and team it was issued to', () => {
    const id = ids.issue('user-a', TEAM_ID);
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(ids.wasIssued(id, 'user-a', TEAM_ID), true);
    assert.equal(ids.wasIssued(id, 'user-b', TEAM_ID), false);
    assert.equal(ids.wasIssued(id, 'user-a', 'another-team-id'), false);
    assert.equal(createSessionIds('another-key-of-some-length').wasIssued(id, 'user-a', TEAM_ID), false);
  });

  it('refuses ids it did not issue, whatever their shape', () => {
    const id = ids.issue('user-a', TEAM_ID);
    const tampered = `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`;
    for (const other of [tampered, crypto.randomUUID(), 'no-such-session', id.toUpperCase(), ''])
      assert.equal(ids.wasIssued(other, 'user-a', TEAM_ID), false, other);
  });

  it('issues a different id every time', () => {
    assert.notEqual(ids.issue('user-a', TEAM_ID), ids.issue('user-a', TEAM_ID));
  });
});
