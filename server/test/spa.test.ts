// Serving the built SPA: compressed copies chosen by Accept-Encoding, and cache headers that suit hashed file names.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { precompress, registerSpa } from '../src/http/spa.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

describe('built SPA files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ats-spa-'));
  let app: FastifyInstance;
  before(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'index-DYp3I9G3.js'), SCRIPT);
    writeFileSync(path.join(dir, 'favicon.svg'), ICON);
    app = Fastify();
    await registerSpa(app, dir);
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a hashed script brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-DYp3I9G3.js', 'gzip, deflate, br');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.ok(res.rawPayload.length < SCRIPT.length / 10, `compressed to ${res.rawPayload.length} bytes`);
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), SCRIPT);
  });

  it('sends gzip when that is all the client accepts, and the plain file when it accepts none', async () => {
    const gzip = await get('/assets/index-DYp3I9G3.js', 'gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.rawPayload).toString(), SCRIPT);
    const plain = await get('/assets/index-DYp3I9G3.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, SCRIPT);
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('makes the browser revalidate files whose names carry no hash', async () => {
    const res = await get('/favicon.svg', 'br');
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, ICON);
    assert.equal(res.headers['cache-control'], 'no-cache');
  });
});

describe('precompress', () => {
  it('reports a copy it cannot write and leaves no half-written file behind', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ats-spa-'));
    try {
      writeFileSync(path.join(dir, 'app-AbCdEf12.js'), SCRIPT);
      // A folder in the way of the brotli copy, older than the script, makes that one write fail.
      const blocked = path.join(dir, 'app-AbCdEf12.js.br');
      mkdirSync(blocked);
      writeFileSync(path.join(blocked, 'keep'), '');
      utimesSync(blocked, new Date(0), new Date(0));
      assert.deepEqual(await precompress(dir), [blocked]);
      assert.deepEqual(readdirSync(dir).sort(), ['app-AbCdEf12.js', 'app-AbCdEf12.js.br', 'app-AbCdEf12.js.gz']);
      assert.equal(gunzipSync(readFileSync(path.join(dir, 'app-AbCdEf12.js.gz'))).toString(), SCRIPT);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
