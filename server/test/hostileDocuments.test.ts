// Hostile knowledge documents (20,000 pages, a deflate bomb, oversized text) are refused with a clear 422 and
// store nothing, while other users' requests keep answering: extraction runs in a worker thread with limits.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDeflate } from 'node:zlib';
import { extractDocumentText, type ExtractLimits } from '../src/knowledge/extract.ts';
import { documents } from '../src/db/schema.ts';
import { client, startTestServer, type TestServer } from './helpers.ts';
import { createUser, type TestUser } from './fixtures/knowledge/users.ts';
import { multipartBody } from './fixtures/knowledge/multipart.ts';
import { makePdf } from './fixtures/knowledge/pdf.ts';

/** A PDF from object bodies (index = object number, from 1) with a correct xref table. */
function assemble(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** About 3 MB: 20,000 pages sharing one content stream. */
function manyPages(count: number): Buffer {
  const first = 5;
  const kids = Array.from({ length: count }, (_, i) => `${first + i} 0 R`).join(' ');
  const page =
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>';
  const content = 'BT /F1 12 Tf 72 720 Td (Page text for the search index) Tj ET';
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...Array.from({ length: count }, () => page),
  ]);
}

/** One page whose deflated content stream inflates to `megabytes` MB of text. */
async function deflateBomb(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024, 'A');
  deflate.write('BT /F1 12 Tf 72 720 Td (');
  for (let i = 0; i < megabytes; i++) if (!deflate.write(block)) await new Promise((r) => deflate.once('drain', r));
  deflate.end(') Tj ET');
  await done;
  const stream = Buffer.concat(out);
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}

const LIMITS: ExtractLimits = { timeoutMs: 10_000, memoryMb: 128, maxPages: 10, maxChars: 1000 };
const WITHIN_LIMITS = /could not be read within the limits/;

describe('hostile knowledge documents', () => {
  let server: TestServer;
  let alice: TestUser;
  let kb: string;
  before(async () => {
    // A page cap high enough that the 20,000-page file is only stopped by the time limit.
    server = await startTestServer({
      DOCUMENT_TIMEOUT_MS: '4000',
      DOCUMENT_MAX_PAGES: '100000',
      DOCUMENT_MEMORY_MB: '128',
    });
    alice = await createUser(server, 'hostile@example.com');
    kb = (await client(server, alice.token).post('/knowledge/bases', { name: 'Hostile', description: '' })).body.data
      .id;
  });
  after(() => server.close());

  /** Uploads while another user polls /health; returns the upload reply and the slowest health answer. */
  async function uploadWhileOthersWait(filename: string, data: Buffer) {
    const { payload, headers } = multipartBody([{ field: 'file', filename, data }]);
    let finished = false;
    const uploading = client(server, alice.token)
      .raw('POST', `/knowledge/bases/${kb}/documents/upload`, payload, headers)
      .finally(() => (finished = true));
    let slowest = 0;
    let answered = 0;
    while (!finished) {
      const started = performance.now();
      const health = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
      assert.equal(health.statusCode, 200);
      slowest = Math.max(slowest, performance.now() - started);
      answered += 1;
      await new Promise((r) => setTimeout(r, 25));
    }
    return { res: await uploading, slowest, answered };
  }

  for (const [name, make] of [
    ['a 20,000-page PDF', async () => manyPages(20_000)],
    ['a deflate bomb', () => deflateBomb(400)],
  ] as const) {
    it(`refuses ${name} with 422 and stores nothing, while /health keeps answering quickly`, async () => {
      const pdf = await make();
      const { res, slowest, answered } = await uploadWhileOthersWait('hostile.pdf', pdf);
      assert.equal(res.status, 422, JSON.stringify(res.body));
      assert.match(res.body.detail, WITHIN_LIMITS);
      assert.ok(answered >= 3, `health answered ${answered} times`);
      assert.ok(slowest < 400, `the slowest /health took ${Math.round(slowest)} ms`);
      assert.equal((await server.ctx.db.select().from(documents)).length, 0);
    });
  }

  it('still reads an ordinary PDF', async () => {
    const { payload, headers } = multipartBody([
      { field: 'file', filename: 'ok.pdf', data: makePdf([['Invoices are reconciled on Mondays.']]) },
    ]);
    const res = await client(server, alice.token).raw(
      'POST',
      `/knowledge/bases/${kb}/documents/upload`,
      payload,
      headers,
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
  });
});

describe('extraction limits', () => {
  it('refuses a PDF with more pages than the cap', async () => {
    const pdf = makePdf(Array.from({ length: 11 }, (_, i) => [`Page ${i}`]));
    await assert.rejects(extractDocumentText('pdf', pdf, LIMITS), (e: Error) => WITHIN_LIMITS.test(e.message));
    assert.match(await extractDocumentText('pdf', makePdf([['Page one']]), LIMITS), /Page one/);
  });

  it('refuses PDF and text files whose text is longer than the cap', async () => {
    const long = 'word '.repeat(400);
    const lines = Array.from({ length: 45 }, () => 'word word word word word word');
    await assert.rejects(extractDocumentText('pdf', makePdf([lines]), LIMITS), (e: Error) =>
      WITHIN_LIMITS.test(e.message),
    );
    await assert.rejects(extractDocumentText('txt', Buffer.from(long), LIMITS), (e: Error) =>
      WITHIN_LIMITS.test(e.message),
    );
    assert.equal(await extractDocumentText('txt', Buffer.from('short text'), LIMITS), 'short text');
  });
});
