import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { documentChunks, documents, knowledgeBases, teams } from '../src/db/schema.ts';
import { searchKnowledge } from '../src/knowledge/search.ts';
import { chunkText, CHUNK_SIZE } from '../src/knowledge/chunking.ts';
import { newTeamId } from '../src/ids.ts';
import type { TeamMember } from '../../contract/types.ts';
import { client, startTestServer, type TestServer } from './helpers.ts';
import { createUser, type TestUser } from './fixtures/knowledge/users.ts';
import { makePdf } from './fixtures/knowledge/pdf.ts';
import { multipartBody } from './fixtures/knowledge/multipart.ts';

const UNKNOWN = '00000000-0000-0000-0000-000000000000';
const UNSUPPORTED = 'Only PDF and TXT files are supported';

describe('knowledge', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let api: ReturnType<typeof client>;

  const createBase = async (user: TestUser, name: string) => {
    const res = await client(server, user.token).post('/knowledge/bases', { name });
    assert.equal(res.status, 201);
    return res.body.data.id as string;
  };
  const upload = (user: TestUser, kbId: string, filename: string, data: Buffer | string, field = 'file') => {
    const { payload, headers } = multipartBody([{ field, filename, data }]);
    return client(server, user.token).raw('POST', `/knowledge/bases/${kbId}/documents/upload`, payload, headers);
  };
  const tableCounts = async () => ({
    bases: (await server.ctx.db.select({ n: count() }).from(knowledgeBases))[0]!.n,
    documents: (await server.ctx.db.select({ n: count() }).from(documents))[0]!.n,
    chunks: (await server.ctx.db.select({ n: count() }).from(documentChunks))[0]!.n,
  });
  const storedFiles = async (kbId: string) =>
    readdir(path.join(server.dataDir, 'files', 'knowledge', kbId)).catch(() => [] as string[]);

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice@example.com');
    bob = await createUser(server, 'bob@example.com');
    api = client(server, alice.token);
  });
  after(() => server.close());

  it('answers 401 on every endpoint without a token', async () => {
    const anon = client(server);
    for (const [method, url] of [
      ['GET', '/knowledge/bases'],
      ['POST', '/knowledge/bases'],
      ['GET', `/knowledge/bases/${UNKNOWN}`],
      ['PUT', `/knowledge/bases/${UNKNOWN}`],
      ['DELETE', `/knowledge/bases/${UNKNOWN}`],
      ['GET', `/knowledge/bases/${UNKNOWN}/documents`],
      ['POST', `/knowledge/bases/${UNKNOWN}/documents`],
      ['POST', `/knowledge/bases/${UNKNOWN}/documents/upload`],
      ['DELETE', `/knowledge/bases/${UNKNOWN}/documents/${UNKNOWN}`],
      ['POST', `/teams/${UNKNOWN}/members/0/knowledge-bases/${UNKNOWN}`],
    ] as const) {
      const res = await anon.raw(method, url, method === 'POST' || method === 'PUT' ? {} : undefined);
      assert.equal(res.status, 401, `${method} ${url}`);
    }
  });

  describe('knowledge bases', () => {
    it('creates a base with the default collection kb_{name}_{unix time}', async () => {
      const res = await api.post('/knowledge/bases', { name: 'My n8n docs!', description: 'Nodes and triggers' });
      assert.equal(res.status, 201);
      const seconds = Math.floor(server.clock.now.getTime() / 1000);
      assert.equal(res.body.data.vector_db.collection, `kb_My_n8n_docs__${seconds}`);
      assert.equal(res.body.data.name, 'My n8n docs!');
      assert.equal(res.body.data.description, 'Nodes and triggers');
      assert.equal(res.body.data._id, res.body.data.id);
      const got = await api.get(`/knowledge/bases/${res.body.data.id}`);
      assert.equal(got.status, 200);
      assert.equal(got.body.data.name, 'My n8n docs!');
      assert.equal(got.body.data.document_count, 0);
    });

    it('keeps a collection the client sends and accepts a 200-character name', async () => {
      const res = await api.post('/knowledge/bases', {
        name: 'n'.repeat(200),
        vector_db: { collection: 'kb_agent_1' },
      });
      assert.equal(res.status, 201);
      assert.equal(res.body.data.vector_db.collection, 'kb_agent_1');
      assert.equal(res.body.data.description, '');
    });

    it('rejects malformed bases with 422 and stores nothing', async () => {
      const before = await tableCounts();
      for (const body of [
        {},
        { name: '' },
        { name: '   ' },
        { name: 'n'.repeat(201) },
        { name: 42 },
        { name: ['a'] },
        { name: 'ok', description: 'd'.repeat(2001) },
        { name: 'ok', description: 7 },
        { name: 'ok', vector_db: 'kb_x' },
        { name: 'ok', vector_db: { collection: 'c'.repeat(256) } },
        { name: 'a\u0000b' },
        [],
      ]) {
        const res = await api.post('/knowledge/bases', body);
        assert.equal(res.status, 422, JSON.stringify(body).slice(0, 80));
        assert.equal(typeof res.body.detail, 'string');
      }
      assert.deepEqual(await tableCounts(), before);
    });

    it("pages the caller's own bases, 10 by default", async () => {
      for (let i = 0; i < 10; i++) await createBase(alice, `Base ${i}`);
      const first = await api.get('/knowledge/bases');
      assert.equal(first.status, 200);
      assert.equal(first.body.data.total, 12);
      assert.equal(first.body.data.knowledge_bases.length, 10);
      const rest = await api.get('/knowledge/bases?limit=10&skip=10');
      assert.equal(rest.body.data.knowledge_bases.length, 2);
      const ids = [...first.body.data.knowledge_bases, ...rest.body.data.knowledge_bases].map(
        (b: { id: string }) => b.id,
      );
      assert.equal(new Set(ids).size, 12);
      const bobs = await client(server, bob.token).get('/knowledge/bases');
      assert.deepEqual(bobs.body.data, { total: 0, knowledge_bases: [] });
      for (const query of ['limit=0', 'limit=101', 'limit=abc', 'skip=-1', 'skip=1.5', 'limit=1&limit=2']) {
        assert.equal((await api.get(`/knowledge/bases?${query}`)).status, 422, query);
      }
    });

    it("answers 404 for unknown and 403 for someone else's base on get, update and delete", async () => {
      const bobsBase = await createBase(bob, 'Bob base');
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { name: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        assert.equal((await api.raw(method, `/knowledge/bases/${UNKNOWN}`, payload)).status, 404, method);
        assert.equal((await api.raw(method, `/knowledge/bases/${bobsBase}`, payload)).status, 403, method);
      }
      const still = await client(server, bob.token).get(`/knowledge/bases/${bobsBase}`);
      assert.equal(still.body.data.name, 'Bob base');
    });

    it('updates name and description, and rejects bad updates without changing anything', async () => {
      const id = await createBase(alice, 'Old name');
      const res = await api.put(`/knowledge/bases/${id}`, { name: 'New name', description: 'Now described' });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.name, 'New name');
      assert.equal(res.body.data.description, 'Now described');
      for (const body of [{ name: '' }, { name: 'n'.repeat(201) }, { description: 'd'.repeat(2001) }, { name: 5 }]) {
        assert.equal((await api.put(`/knowledge/bases/${id}`, body)).status, 422, JSON.stringify(body).slice(0, 60));
      }
      const got = await api.get(`/knowledge/bases/${id}`);
      assert.equal(got.body.data.name, 'New name');
      assert.equal(got.body.data.description, 'Now described');
    });
  });

  describe('documents', () => {
    let kb: string;
    before(async () => {
      kb = await createBase(alice, 'Docs');
    });

    it('adds a text document, chunks it and makes it searchable', async () => {
      const content =
        'Webhooks start a workflow when another service calls the n8n production URL.\n\nCron triggers run on a schedule.';
      const res = await api.post(`/knowledge/bases/${kb}/documents`, { name: 'Triggers', content });
      assert.equal(res.status, 201);
      assert.equal(res.body.data.name, 'Triggers');
      assert.equal(res.body.data.content_type, 'text/plain');
      assert.equal(res.body.data.chunk_count, 1);
      assert.equal(res.body.data.size, Buffer.byteLength(content));
      const hits = await searchKnowledge(server.ctx.db, [kb], 'webhook production url');
      assert.equal(hits.length, 1);
      assert.equal(hits[0]!.documentName, 'Triggers');
      assert.match(hits[0]!.content, /production URL/);
      assert.ok(hits[0]!.rank > 0);
    });

    it('uploads a PDF whose text becomes searchable', async () => {
      const pdf = makePdf([
        ['Quarterly invoice reconciliation runs every Monday.'],
        ['Escalate mismatches to finance.'],
      ]);
      const res = await upload(alice, kb, 'Finance Guide.PDF', pdf);
      assert.equal(res.status, 201);
      assert.equal(res.body.data.name, 'Finance Guide.PDF');
      assert.equal(res.body.data.content_type, 'application/pdf');
      assert.equal(res.body.data.size, pdf.length);
      assert.equal(res.body.message, 'Knowledge uploaded successfully!');
      const hits = await searchKnowledge(server.ctx.db, [kb], 'invoice reconciliation');
      assert.equal(hits[0]?.documentName, 'Finance Guide.PDF');
      assert.match(hits[0]!.content, /Quarterly invoice reconciliation runs every Monday\./);
      assert.match(hits[0]!.content, /Escalate mismatches to finance\./);
      assert.ok((await storedFiles(kb)).includes(res.body.data.id));
    });

    it('uploads a UTF-8 text file', async () => {
      const res = await upload(alice, kb, 'notes.txt', 'Grüße: the Slack node posts to #général with a bot token.');
      assert.equal(res.status, 201);
      assert.equal(res.body.data.content_type, 'text/plain');
      const hits = await searchKnowledge(server.ctx.db, [kb], 'slack bot token');
      assert.equal(hits[0]?.documentName, 'notes.txt');
      assert.match(hits[0]!.content, /Grüße/);
    });

    it('rejects files that are not real PDF or TXT with "Only PDF and TXT files are supported"', async () => {
      const before = await tableCounts();
      const filesBefore = await storedFiles(kb);
      for (const [name, data] of [
        ['report.docx', Buffer.from('PK\u0003\u0004 word document')],
        ['fake.pdf', Buffer.from('just text pretending to be a PDF')],
        ['binary.txt', Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28])],
        ['nul.txt', Buffer.from('text with a \u0000 byte')],
        ['noextension', Buffer.from('plain text')],
        ['image.png', Buffer.from('%PDF-1.4 a PDF with the wrong name')],
      ] as const) {
        const res = await upload(alice, kb, name, data);
        assert.equal(res.status, 422, name);
        assert.equal(res.body.detail, UNSUPPORTED, name);
      }
      assert.deepEqual(await tableCounts(), before);
      assert.deepEqual(await storedFiles(kb), filesBefore);
    });

    it('rejects PDFs without text, damaged PDFs and empty files with a clear 422', async () => {
      const before = await tableCounts();
      const noText = await upload(alice, kb, 'scan.pdf', makePdf([[]]));
      assert.equal(noText.status, 422);
      assert.match(noText.body.detail, /no extractable text/);
      const damaged = await upload(alice, kb, 'broken.pdf', Buffer.from('%PDF-1.7\n%garbage that is not a PDF body'));
      assert.equal(damaged.status, 422);
      assert.match(damaged.body.detail, /could not be read/);
      const empty = await upload(alice, kb, 'empty.txt', '   \n ');
      assert.equal(empty.status, 422);
      assert.match(empty.body.detail, /no text/);
      assert.deepEqual(await tableCounts(), before);
    });

    it('answers 413 for a file over 10 MB and stores nothing', async () => {
      const before = await tableCounts();
      const res = await upload(alice, kb, 'big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
      assert.equal(res.status, 413);
      assert.match(res.body.detail, /10 MB/);
      assert.deepEqual(await tableCounts(), before);
    });

    it('answers 422 for uploads without a file in the field "file"', async () => {
      const before = await tableCounts();
      assert.equal((await upload(alice, kb, 'a.txt', 'hello', 'document')).status, 422);
      assert.equal((await api.post(`/knowledge/bases/${kb}/documents/upload`, { file: 'a.txt' })).status, 422);
      const fieldOnly = multipartBody([{ field: 'file', data: 'not a file part' }]);
      const res = await api.raw(
        'POST',
        `/knowledge/bases/${kb}/documents/upload`,
        fieldOnly.payload,
        fieldOnly.headers,
      );
      assert.equal(res.status, 422);
      const longName = await upload(alice, kb, `${'n'.repeat(260)}.txt`, 'hello');
      assert.equal(longName.status, 422);
      assert.deepEqual(await tableCounts(), before);
    });

    it('rejects malformed text documents with 422 and checks the base first', async () => {
      const before = await tableCounts();
      for (const body of [
        {},
        { name: 'x' },
        { name: 'x', content: '' },
        { name: 'x', content: '  ' },
        { name: 'x', content: 42 },
        { name: '', content: 'text' },
        { name: 'n'.repeat(256), content: 'text' },
        { name: 'x', content: 'a\u0000b' },
      ]) {
        const res = await api.post(`/knowledge/bases/${kb}/documents`, body);
        assert.equal(res.status, 422, JSON.stringify(body).slice(0, 60));
      }
      const bobsBase = await createBase(bob, 'Bob docs');
      const good = { name: 'x', content: 'text' };
      assert.equal((await api.post(`/knowledge/bases/${UNKNOWN}/documents`, good)).status, 404);
      assert.equal((await api.post(`/knowledge/bases/${bobsBase}/documents`, good)).status, 403);
      assert.equal((await upload(alice, bobsBase, 'a.txt', 'hello')).status, 403);
      assert.equal((await upload(alice, UNKNOWN, 'a.txt', 'hello')).status, 404);
      assert.equal((await api.get(`/knowledge/bases/${bobsBase}/documents`)).status, 403);
      assert.equal((await api.get(`/knowledge/bases/${UNKNOWN}/documents`)).status, 404);
      assert.equal((await tableCounts()).documents, before.documents);
    });

    it("pages documents newest first and reports the base's document count", async () => {
      const all = await api.get(`/knowledge/bases/${kb}/documents`);
      assert.equal(all.status, 200);
      assert.equal(all.body.data.total, 3);
      const page = await api.get(`/knowledge/bases/${kb}/documents?limit=2&skip=2`);
      assert.equal(page.body.data.documents.length, 1);
      assert.equal((await api.get(`/knowledge/bases/${kb}/documents?limit=-5`)).status, 422);
      assert.equal((await api.get(`/knowledge/bases/${kb}`)).body.data.document_count, 3);
    });

    it('deletes a document with its chunks and stored file', async () => {
      const docs = (await api.get(`/knowledge/bases/${kb}/documents`)).body.data.documents;
      const pdf = docs.find((d: { name: string }) => d.name === 'Finance Guide.PDF');
      const other = await createBase(alice, 'Other');
      assert.equal((await api.delete(`/knowledge/bases/${kb}/documents/${UNKNOWN}`)).status, 404);
      assert.equal((await api.delete(`/knowledge/bases/${other}/documents/${pdf.id}`)).status, 404);
      assert.equal((await client(server, bob.token).delete(`/knowledge/bases/${kb}/documents/${pdf.id}`)).status, 403);
      const res = await api.delete(`/knowledge/bases/${kb}/documents/${pdf.id}`);
      assert.equal(res.status, 200);
      assert.deepEqual(await searchKnowledge(server.ctx.db, [kb], 'invoice reconciliation'), []);
      assert.ok(!(await storedFiles(kb)).includes(pdf.id));
      assert.equal((await api.get(`/knowledge/bases/${kb}/documents`)).body.data.total, 2);
    });

    it('deletes a base with its documents, chunks and files', async () => {
      const res = await api.delete(`/knowledge/bases/${kb}`);
      assert.equal(res.status, 200);
      assert.equal((await api.get(`/knowledge/bases/${kb}`)).status, 404);
      const left = await server.ctx.db.select().from(documentChunks).where(eq(documentChunks.knowledgeBaseId, kb));
      assert.deepEqual(left, []);
      assert.deepEqual(await storedFiles(kb), []);
    });
  });

  describe('searchKnowledge', () => {
    let kbA: string;
    let kbB: string;
    before(async () => {
      kbA = await createBase(alice, 'Search A');
      kbB = await createBase(alice, 'Search B');
      const add = (id: string, name: string, content: string) =>
        api.post(`/knowledge/bases/${id}/documents`, { name, content });
      await add(kbA, 'Sheets', 'Google Sheets rows can be appended by the spreadsheet node.');
      await add(
        kbA,
        'Sheets again',
        'Spreadsheet spreadsheet spreadsheet: the Google Sheets node reads and appends rows.',
      );
      await add(kbB, 'GitHub', 'The GitHub node opens issues and pull requests in a repository.');
    });

    it('ranks chunks that match every word, best first, within the given bases only', async () => {
      const hits = await searchKnowledge(server.ctx.db, [kbA, kbB], 'spreadsheet rows');
      assert.deepEqual(
        hits.map((h) => h.documentName),
        ['Sheets again', 'Sheets'],
      );
      assert.ok(hits[0]!.rank >= hits[1]!.rank);
      assert.deepEqual(await searchKnowledge(server.ctx.db, [kbB], 'spreadsheet rows'), []);
      assert.equal((await searchKnowledge(server.ctx.db, [kbA], 'spreadsheet', 1)).length, 1);
    });

    it('falls back to any word when no chunk has them all', async () => {
      const hits = await searchKnowledge(server.ctx.db, [kbA, kbB], 'how do I open pull requests with zapier?');
      assert.deepEqual(
        hits.map((h) => h.documentName),
        ['GitHub'],
      );
      assert.equal(hits[0]!.knowledgeBaseId, kbB);
    });

    it('returns nothing, without failing, for empty, odd or unknown input', async () => {
      for (const query of ['', '   ', '!!! ???', '"unterminated & | ! :* (', 'the and of']) {
        assert.deepEqual(await searchKnowledge(server.ctx.db, [kbA, kbB], query), [], query);
      }
      assert.deepEqual(await searchKnowledge(server.ctx.db, [], 'spreadsheet'), []);
      assert.deepEqual(await searchKnowledge(server.ctx.db, [UNKNOWN], 'spreadsheet'), []);
      assert.equal((await searchKnowledge(server.ctx.db, [kbA], '-github spreadsheet')).length, 2);
    });
  });

  describe('attaching a knowledge base to a team member', () => {
    let teamId: string;
    let kb: string;
    const members: TeamMember[] = [
      { name: 'Planner', role: 'Plans', type: 'agent', agent_config: { name: 'Planner' } },
      {
        name: 'Writer',
        role: 'Writes',
        type: 'agent',
        agent_config: { name: 'Writer', knowledge_base_ids: ['kb-old'] },
      },
    ];
    const teamRow = async () => (await server.ctx.db.select().from(teams).where(eq(teams.id, teamId)))[0]!;
    const attach = (user: TestUser, team: string, index: string | number, kbId: string) =>
      client(server, user.token).post(`/teams/${team}/members/${index}/knowledge-bases/${kbId}`);

    before(async () => {
      teamId = newTeamId();
      kb = await createBase(alice, 'Team knowledge');
      await server.ctx.db.insert(teams).values({
        id: teamId,
        ownerId: alice.id,
        name: 'Alice team',
        modelId: 'gpt-4o',
        members,
        config: {
          mode: 'coordinate',
          markdown: true,
          enable_team_history: false,
          num_history_runs: 3,
          share_member_interactions: false,
          show_members_responses: false,
          reasoning: false,
          reasoning_min_steps: 1,
          reasoning_max_steps: 10,
          debug_mode: false,
          monitoring: false,
          telemetry: true,
          members,
        },
      });
    });

    it('adds the base to the member in both member lists, once', async () => {
      const res = await attach(alice, teamId, 1, kb);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.id, teamId);
      assert.equal(res.body.data._id, teamId);
      assert.deepEqual(res.body.data.members[1].agent_config.knowledge_base_ids, ['kb-old', kb]);
      assert.equal(res.body.data.members[0].agent_config.knowledge_base_ids, undefined);
      assert.equal((await attach(alice, teamId, 1, kb)).status, 200);
      const row = await teamRow();
      assert.deepEqual(row.members[1]!.agent_config!.knowledge_base_ids, ['kb-old', kb]);
      assert.deepEqual(row.config.members[1]!.agent_config!.knowledge_base_ids, ['kb-old', kb]);
      assert.equal(row.members[1]!.role, 'Writes');
    });

    it('answers 404, 403 and 422 for bad attach requests and changes nothing', async () => {
      const before = await teamRow();
      const bobsBase = await createBase(bob, 'Bob secrets');
      assert.equal((await attach(alice, newTeamId(), 0, kb)).status, 404);
      assert.equal((await attach(bob, teamId, 0, bobsBase)).status, 403);
      assert.equal((await attach(alice, teamId, 0, bobsBase)).status, 403);
      assert.equal((await attach(alice, teamId, 0, UNKNOWN)).status, 404);
      assert.equal((await attach(alice, teamId, 2, kb)).status, 404);
      for (const index of ['abc', '-1', '1.5', '9999999']) {
        assert.equal((await attach(alice, teamId, index, kb)).status, 422, index);
      }
      assert.deepEqual(await teamRow(), before);
    });

    it('keeps every base when several are attached to one member at once', async () => {
      const bases = await Promise.all([1, 2, 3, 4].map((i) => createBase(alice, `Parallel ${i}`)));
      const replies = await Promise.all(bases.map((id) => attach(alice, teamId, 0, id)));
      assert.deepEqual(
        replies.map((r) => r.status),
        [200, 200, 200, 200],
      );
      const row = await teamRow();
      assert.deepEqual([...row.members[0]!.agent_config!.knowledge_base_ids!].sort(), [...bases].sort());
      assert.deepEqual(
        row.config.members[0]!.agent_config!.knowledge_base_ids,
        row.members[0]!.agent_config!.knowledge_base_ids,
      );
    });

    it('removes a deleted base from every member that had it, keeping the others', async () => {
      const doomed = await createBase(alice, 'Short-lived');
      assert.equal((await attach(alice, teamId, 0, doomed)).status, 200);
      assert.equal((await attach(alice, teamId, 1, doomed)).status, 200);
      assert.equal((await client(server, alice.token).delete(`/knowledge/bases/${doomed}`)).status, 200);
      const row = await teamRow();
      for (const list of [row.members, row.config.members]) {
        assert.ok(!list[0]!.agent_config!.knowledge_base_ids!.includes(doomed));
        assert.deepEqual(list[1]!.agent_config!.knowledge_base_ids, ['kb-old', kb]);
      }
      assert.equal(row.members[0]!.agent_config!.knowledge_base_ids!.length, 4);
    });

    it('never answers 500 to generated path parameters', async () => {
      const segment = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.constantFrom('0', '1', '-0', '1e3', ' 1', '0x1'),
      );
      await fc.assert(
        fc.asyncProperty(segment, segment, segment, async (team, index, kbId) => {
          const url = `/teams/${encodeURIComponent(team || teamId)}/members/${encodeURIComponent(index || '0')}/knowledge-bases/${encodeURIComponent(kbId || kb)}`;
          const res = await client(server, alice.token).post(url);
          assert.ok([200, 403, 404, 414, 422].includes(res.status), `${res.status} ${url}`);
        }),
        { numRuns: 100 },
      );
    });
  });

  describe('generated input', () => {
    const json = { 'content-type': 'application/json' };
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.constant('\ud800'), fc.constant('a\u0000'));
    const field = fc.oneof(text, fc.jsonValue());

    it('never answers 500 to generated knowledge base bodies and stores only what it accepts', async () => {
      const frank = await createUser(server, 'frank@example.com');
      const own = client(server, frank.token);
      const kbId = await createBase(frank, 'Fuzz target');
      const body = fc.oneof(
        fc.jsonValue(),
        fc.record(
          { name: field, description: field, vector_db: fc.oneof(fc.record({ collection: field }), fc.jsonValue()) },
          { requiredKeys: [] },
        ),
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = (await own.get('/knowledge/bases')).body.data.total;
          const created = await own.raw('POST', '/knowledge/bases', JSON.stringify(payload), json);
          assert.ok([201, 400, 422].includes(created.status), `${created.status} ${JSON.stringify(payload)}`);
          assert.equal((await own.get('/knowledge/bases')).body.data.total, before + (created.status === 201 ? 1 : 0));
          if (created.status === 201)
            assert.equal((await own.delete(`/knowledge/bases/${created.body.data.id}`)).status, 200);
          const kbBefore = (await own.get(`/knowledge/bases/${kbId}`)).body.data;
          const updated = await own.raw('PUT', `/knowledge/bases/${kbId}`, JSON.stringify(payload), json);
          assert.ok([200, 400, 422].includes(updated.status), `${updated.status} ${JSON.stringify(payload)}`);
          if (updated.status !== 200) assert.deepEqual((await own.get(`/knowledge/bases/${kbId}`)).body.data, kbBefore);
          const doc = await own.raw('POST', `/knowledge/bases/${kbId}/documents`, JSON.stringify(payload), json);
          assert.ok([201, 400, 422].includes(doc.status), `${doc.status} ${JSON.stringify(payload)}`);
        }),
        { numRuns: 120 },
      );
    });

    it('never fails on generated search queries', async () => {
      const kbId = await createBase(alice, 'Fuzz search');
      await api.post(`/knowledge/bases/${kbId}/documents`, {
        name: 'Doc',
        content: 'Webhook triggers start workflows.',
      });
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 80 }), async (query) => {
          const hits = await searchKnowledge(server.ctx.db, [kbId], query);
          assert.ok(hits.every((h) => h.knowledgeBaseId === kbId));
        }),
        { numRuns: 150 },
      );
      assert.equal((await searchKnowledge(server.ctx.db, [kbId], 'webhook\u0000 triggers')).length, 1);
    });
  });
});

describe('chunkText', () => {
  it('keeps chunks near 800 characters, on sentence boundaries, with a little overlap', () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `Step ${i} sends the data to the next node.`);
    const chunks = chunkText(`${sentences.slice(0, 20).join(' ')}\n\n${sentences.slice(20).join(' ')}`);
    assert.ok(chunks.length >= 3);
    for (const chunk of chunks) assert.ok(chunk.length <= CHUNK_SIZE, String(chunk.length));
    for (const sentence of sentences)
      assert.ok(
        chunks.some((c) => c.includes(sentence)),
        sentence,
      );
    assert.ok(chunks[0]!.endsWith('node.'));
    const firstEnd = chunks[0]!.slice(-30);
    assert.ok(chunks[1]!.includes(firstEnd.slice(firstEnd.indexOf(' ') + 1)));
  });

  it('splits a single very long word and drops blank input', () => {
    const chunks = chunkText('x'.repeat(2000));
    assert.deepEqual(
      chunks.map((c) => c.length),
      [800, 800, 400],
    );
    assert.deepEqual(chunkText(' \n\n \r\n '), []);
  });
});
