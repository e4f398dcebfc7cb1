// The catalogue's tools, each function called for real: http_request against a local server (address guard on
// every redirect, time and size limits, masked secrets), the calculator, the files of a run, email_user through a
// local SMTP server, and n8n's documentation through the real n8n-mcp. What cannot work is not offered.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SMTPServer } from 'smtp-server';
import { Agent, request } from 'undici';
import type { ToolCall } from '../../contract/types.ts';
import { loadCatalog, DEFAULT_CATALOG_FILE } from '../src/mcp/catalog.ts';
import { toolAvailability } from '../src/mcp/toolAvailability.ts';
import { mailerFor } from '../src/runtime/mailer.ts';
import { argsShown } from '../src/runtime/tools/args.ts';
import { guardedLookup } from '../src/runtime/tools/http.ts';
import { memberFunctions, type ToolEnv, type ToolFunction } from '../src/runtime/tools/catalog.ts';
import { invokeTool } from '../src/runtime/tools/invoke.ts';
import type { HttpLimits, RunEvent, RunFile, ToolServices } from '../src/runtime/types.ts';
import { poolServices, realPool } from '../bench/workflowQuality.ts';

const pool = realPool();
const SECRET = 'sk_live_0123456789abcdef';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** The target of the http tests: echoes requests, redirects where told, streams a large body, or never answers. */
function target(other: () => string): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/slow') return; // never answers: the tool's time limit ends it
    if (url.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const write = () => {
        while (sent < 5_000_000) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', write);
        }
        res.end();
      };
      return write();
    }
    if (url.pathname.startsWith('/hops/')) {
      const n = Number(url.pathname.split('/')[2]);
      res.writeHead(302, { location: n > 0 ? `/hops/${n - 1}` : '/echo' });
      return res.end();
    }
    if (url.pathname === '/to-other') {
      res.writeHead(302, { location: `http://${other()}/echo` });
      return res.end();
    }
    if (url.pathname === '/to-localhost') {
      res.writeHead(307, { location: `http://localhost:${other().split(':')[1]}/echo` });
      return res.end();
    }
    if (url.pathname === '/see-other') {
      res.writeHead(303, { location: '/echo' });
      return res.end();
    }
    void bodyOf(req).then((body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization ?? null, body }));
    });
  });
}

describe('the catalogue tools', () => {
  const servers: Server[] = [];
  let host = '';
  let otherHost = '';
  let smtp: SMTPServer;
  let smtpPort = 0;
  const mails: Array<{ to: string[]; data: string }> = [];

  before(async () => {
    const other = createServer((_req, res) => res.end('the other server'));
    otherHost = await listen(other);
    const main = target(() => otherHost);
    host = await listen(main);
    servers.push(main, other);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        void bodyOf(stream as unknown as IncomingMessage).then((data) => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  after(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
    await new Promise<void>((resolve) => smtp.close(resolve));
    await pool.close();
  });

  const limits = (overrides: Partial<HttpLimits> = {}): HttpLimits => ({
    allowPrivateHosts: false,
    timeoutMs: 5_000,
    maxBytes: 100_000,
    privateHostExceptions: [host],
    ...overrides,
  });

  const envWith = (services: Partial<ToolServices> = {}, files: RunFile[] = []): ToolEnv => ({
    services: poolServices(pool, { httpLimits: limits(), ...services }),
    runId: 'run-1',
    userId: 'user-1',
    files,
  });

  const functions = async (type: string, env = envWith()) =>
    memberFunctions({ tools: [{ type }] }, env, new AbortController().signal);

  /** One call as the engines make it: the timeline entry (started and completed) and the call. */
  async function call(fns: ToolFunction[], name: string, args: Record<string, unknown>) {
    const fn = fns.find((f) => f.name === name);
    assert.ok(fn, `${name} is offered`);
    const events: RunEvent[] = [];
    const run = invokeTool(fn.name, argsShown(fn, args), () => fn.execute(args), {
      services: envWith().services,
      signal: new AbortController().signal,
      charge: false,
    });
    let step = await run.next();
    while (!step.done) {
      events.push(step.value);
      step = await run.next();
    }
    const completed = events.find((e) => e.kind === 'tool_completed') as { call: ToolCall } | undefined;
    assert.ok(completed, 'the call is completed in the timeline');
    assert.deepEqual(completed.call, step.value);
    return { ...step.value, result: String(step.value.result) };
  }

  describe('http_request', () => {
    it('offers http_get, http_post, http_put and http_delete, as the catalogue lists them', async () => {
      const fns = await functions('http_request');
      assert.deepEqual(
        fns.map((f) => f.name),
        loadCatalog({ CATALOG_FILE: DEFAULT_CATALOG_FILE }).tools.http_request!.functions,
      );
    });

    it('sends a GET and returns the status, content type and body', async () => {
      const c = await call(await functions('http_request'), 'http_get', { url: `http://${host}/echo?q=1` });
      assert.equal(c.tool_call_error, false, c.result);
      assert.match(c.result, /^GET http:\/\/127\.0\.0\.1:\d+\/echo\?q=1\nHTTP 200 OK\ncontent-type: application\/json/);
      assert.equal(JSON.parse(c.result.split('\n\n')[1]!).method, 'GET');
      assert.deepEqual(c.tool_args, { url: `http://${host}/echo?q=1` });
    });

    it('sends POST and PUT with their body (JSON typed as such) and DELETE', async () => {
      const fns = await functions('http_request');
      for (const [name, method] of [
        ['http_post', 'POST'],
        ['http_put', 'PUT'],
      ] as const) {
        const c = await call(fns, name, { url: `http://${host}/echo`, body: '{"a":1}' });
        const echoed = JSON.parse(c.result.split('\n\n')[1]!);
        assert.deepEqual([echoed.method, echoed.body], [method, '{"a":1}']);
      }
      const del = await call(fns, 'http_delete', { url: `http://${host}/echo/7` });
      assert.equal(JSON.parse(del.result.split('\n\n')[1]!).method, 'DELETE');
    });

    it('masks secrets of the URL and of secret headers in the timeline, also where the server echoes them', async () => {
      const url = `http://user:${SECRET}@${host}/echo?api_key=${SECRET}&token=${SECRET}x&page=2`;
      const c = await call(await functions('http_request'), 'http_get', {
        url,
        headers: { Authorization: `Bearer ${SECRET}`, Accept: 'application/json' },
      });
      assert.equal(c.tool_call_error, false, c.result);
      const shown = JSON.stringify([c.tool_args, c.result]);
      assert.ok(!shown.includes(SECRET), shown);
      assert.equal((c.tool_args as { url: string }).url, `http://***:***@${host}/echo?api_key=***&token=***&page=2`);
      assert.deepEqual((c.tool_args as { headers: unknown }).headers, {
        Authorization: '***',
        Accept: 'application/json',
      });
      assert.match(c.result, /"auth":"\*\*\*"/);
    });

    it('refuses loopback and private addresses unless the operator allows them', async () => {
      const fns = await functions('http_request', envWith({ httpLimits: limits({ privateHostExceptions: [] }) }));
      for (const url of [`http://${host}/echo`, 'http://localhost/', 'http://[::1]/', 'http://10.0.0.1/']) {
        const c = await call(fns, 'http_get', { url });
        assert.equal(c.tool_call_error, true, url);
        assert.match(c.result, /^Refused: .* the address points at a private or local network\.$/, url);
      }
      const open = await functions('http_request', envWith({ httpLimits: limits({ allowPrivateHosts: true }) }));
      assert.equal((await call(open, 'http_get', { url: `http://${otherHost}/` })).tool_call_error, false);
    });

    it('checks the address again at every redirect', async () => {
      const fns = await functions('http_request');
      for (const path of ['/to-other', '/to-localhost']) {
        const c = await call(fns, 'http_get', { url: `http://${host}${path}` });
        assert.equal(c.tool_call_error, true, path);
        assert.match(c.result, /^Refused: (127\.0\.0\.1|localhost) — the address points at a private/, path);
      }
    });

    it('checks the resolved address where the socket connects, so DNS cannot swap in a private one', async () => {
      // The name passes no check before this point here: the connection's own lookup refuses it.
      const agent = new Agent({ connect: { lookup: guardedLookup } });
      try {
        await assert.rejects(
          request(`http://localhost:${otherHost.split(':')[1]}/`, { dispatcher: agent }),
          (error: Error & { cause?: Error }) => {
            assert.match(String(error.cause?.message ?? error.message), /localhost resolves to a private or local/);
            return true;
          },
        );
      } finally {
        await agent.close();
      }
    });

    it('follows at most 5 redirects, and a 303 continues as a GET', async () => {
      const fns = await functions('http_request');
      const five = await call(fns, 'http_get', { url: `http://${host}/hops/4` });
      assert.match(five.result, /Final URL: http:\/\/127\.0\.0\.1:\d+\/echo \(after 5 redirects\)/);
      const six = await call(fns, 'http_get', { url: `http://${host}/hops/5` });
      assert.deepEqual([six.tool_call_error, six.result], [true, 'Too many redirects (more than 5).']);
      const post = await call(fns, 'http_post', { url: `http://${host}/see-other`, body: 'x' });
      assert.deepEqual(JSON.parse(post.result.split('\n\n')[1]!).method, 'GET');
    });

    it(
      'cuts a response at the size limit and a request at the time limit, even across a garbage collection',
      { timeout: 20_000 },
      async () => {
        const fns = await functions(
          'http_request',
          envWith({ httpLimits: limits({ maxBytes: 10_000, timeoutMs: 500 }) }),
        );
        const big = await call(fns, 'http_get', { url: `http://${host}/big` });
        assert.equal(big.tool_call_error, false);
        assert.match(big.result, /\n\nx{10000}\n\n\(the response was cut at the 10000-byte limit\)$/);
        const started = performance.now();
        // A full collection while the request waits: a deadline only a weak reference keeps alive
        // (AbortSignal.any over AbortSignal.timeout, nodejs/node#57736) would never fire.
        setFlagsFromString('--expose-gc');
        const gc = runInNewContext('gc') as () => void;
        const collecting = setTimeout(gc, 100);
        const slow = await call(fns, 'http_get', { url: `http://${host}/slow` });
        clearTimeout(collecting);
        assert.deepEqual(
          [slow.tool_call_error, slow.result],
          [true, 'No complete answer within 0.5 s; the request was cut.'],
        );
        assert.ok(performance.now() - started < 3_000);
      },
    );

    it('rejects bad input with a clear message', async () => {
      const fns = await functions('http_request');
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ url: 'ftp://example.com/' }, /Only http and https URLs are supported/],
        [{ url: 'not a url' }, /The URL is not valid/],
        [{ url: `http://${host}/`, headers: { Host: 'evil' } }, /The header Host is set by the tool itself/],
        [{ url: `http://${host}/`, headers: { 'X-A': 'a\r\nb' } }, /single-line string/],
        [{ url: `http://${host}/`, headers: ['x'] }, /must be an object/],
      ];
      for (const [args, message] of cases) {
        const c = await call(fns, 'http_get', args);
        assert.equal(c.tool_call_error, true);
        assert.match(c.result, message);
      }
    });
  });

  describe('calculator', () => {
    it('computes its 8 functions in exact decimal arithmetic', async () => {
      const fns = await functions('calculator');
      assert.deepEqual(
        fns.map((f) => f.name),
        loadCatalog({ CATALOG_FILE: DEFAULT_CATALOG_FILE }).tools.calculator!.functions,
      );
      const expected: Array<[string, Record<string, unknown>, string]> = [
        ['add', { a: 0.1, b: 0.2 }, '0.3'],
        ['subtract', { a: 10, b: '2.5' }, '7.5'],
        ['multiply', { a: 12345679, b: 9 }, '111111111'],
        ['divide', { a: 1, b: 8 }, '0.125'],
        ['exponentiate', { a: 2, b: 64 }, '18446744073709551616'],
        ['factorial', { n: 20 }, '2432902008176640000'],
        ['is_prime', { n: 97 }, '97 is a prime number.'],
        ['square_root', { a: 144 }, '12'],
      ];
      for (const [name, args, result] of expected) {
        const c = await call(fns, name, args);
        assert.deepEqual([c.tool_call_error, c.result, c.tool_args], [false, result, args], name);
      }
    });

    it('refuses division by zero, non-numbers and unbounded work with clear errors', async () => {
      const fns = await functions('calculator');
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['divide', { a: 1, b: 0 }, 'Cannot divide by zero.'],
        ['add', { a: 'two', b: 1 }, 'The argument "a" must be a finite number.'],
        ['add', { a: 1 }, 'The argument "b" must be a finite number.'],
        ['multiply', { a: '1+1', b: 1 }, 'The argument "a" must be a finite number.'],
        ['factorial', { n: 171 }, 'The factorial accepts whole numbers from 0 to 170.'],
        ['factorial', { n: 2.5 }, 'The factorial accepts whole numbers from 0 to 170.'],
        ['is_prime', { n: 1e16 }, 'The prime test accepts whole numbers from 0 to 1000000000000000.'],
        ['exponentiate', { a: 10, b: 1e9 }, 'The exponent must be between -100000 and 100000.'],
        ['square_root', { a: -4 }, 'The square root of a negative number is not a real number.'],
      ];
      for (const [name, args, message] of cases) {
        const c = await call(fns, name, args);
        assert.deepEqual([c.tool_call_error, c.result], [true, message], name);
      }
    });
  });

  describe('file', () => {
    const attached: RunFile = {
      id: 'f1',
      name: 'notes.txt',
      contentType: 'text/plain',
      size: 11,
      text: 'hello world',
    };

    it('reads and lists the attachments and saves files the team can read back', async () => {
      const saved: Array<{ name: string; contentType: string; bytes: Buffer }> = [];
      const env = envWith(
        {
          saveFile: async (file) => {
            saved.push(file);
            return { id: `s${saved.length}`, url: `http://localhost/api/v1/files/s${saved.length}` };
          },
        },
        [{ ...attached }],
      );
      const fns = await functions('file', env);
      assert.deepEqual(
        fns.map((f) => f.name).sort(),
        [...loadCatalog({ CATALOG_FILE: DEFAULT_CATALOG_FILE }).tools.file!.functions].sort(),
      );
      assert.equal((await call(fns, 'read_file', { file_name: 'notes.txt' })).result, 'hello world');
      const save = await call(fns, 'save_file', { file_name: 'report.md', content: '# Report\n' });
      assert.equal(save.tool_call_error, false);
      assert.deepEqual(JSON.parse(save.result.split('\n\n')[0]!), {
        file_id: 's1',
        file_name: 'report.md',
        size: 9,
        download_url: 'http://localhost/api/v1/files/s1',
      });
      assert.equal(save.result.split('\n\n')[1], 'Saved report.md (9 bytes); it is attached to the reply.');
      assert.deepEqual(
        saved.map((f) => [f.name, f.contentType, f.bytes.toString()]),
        [['report.md', 'text/markdown; charset=utf-8', '# Report\n']],
      );
      assert.equal((await call(fns, 'read_file', { file_name: 'report.md' })).result, '# Report\n');
      assert.equal(
        (await call(fns, 'list_files', {})).result,
        '- notes.txt (text/plain, 11 bytes, attached)\n- report.md (text/markdown; charset=utf-8, 9 bytes, saved in this run)',
      );
      for (const [args, message] of [
        [{ file_name: '../etc/passwd', content: 'x' }, /plain name/],
        [{ file_name: 'a.txt', content: 'x'.repeat(1_000_001) }, /larger than 1000000 bytes/],
        [{ file_name: 'a.txt' }, /"content" must be a string/],
      ] as const) {
        const c = await call(fns, 'save_file', args);
        assert.equal(c.tool_call_error, true);
        assert.match(c.result, message);
      }
      const missing = await call(fns, 'read_file', { file_name: 'other.txt' });
      assert.deepEqual(
        [missing.tool_call_error, missing.result],
        [true, 'No file of this run is named "other.txt". Files: notes.txt, report.md.'],
      );
    });

    it('does not offer save_file where the run cannot store files', async () => {
      const fns = await functions('file', envWith({}, []));
      assert.deepEqual(
        fns.map((f) => f.name),
        ['read_file', 'list_files'],
      );
      assert.match((await call(fns, 'list_files', {})).result, /^No files/);
    });
  });

  describe('email', () => {
    it('is not offered without SMTP_URL', async () => {
      assert.equal(mailerFor({ APP_NAME: 'Studio' }), null);
      assert.deepEqual(await functions('email'), []);
    });

    it('sends the user an e-mail through the SMTP server', async () => {
      const send = mailerFor({ APP_NAME: 'Studio', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` })!;
      const env = envWith({
        sendEmail: async (message) => {
          await send({ to: 'ada@example.com', ...message });
          return { to: 'ada@example.com' };
        },
      });
      const fns = await functions('email', env);
      assert.deepEqual(
        fns.map((f) => f.name),
        ['email_user'],
      );
      const c = await call(fns, 'email_user', { subject: 'Your workflow', body: 'It runs every Monday.' });
      assert.deepEqual([c.tool_call_error, c.result], [false, 'Sent the e-mail "Your workflow" to ada@example.com.']);
      const mail = mails.at(-1)!;
      assert.deepEqual(mail.to, ['ada@example.com']);
      assert.match(mail.data, /Subject: Your workflow/);
      assert.match(mail.data, /From: Studio <no-reply@localhost>/);
      assert.match(mail.data, /It runs every Monday\./);
    });

    it('says the mail server could not be reached, naming no secret', async () => {
      const send = mailerFor({ APP_NAME: 'Studio', SMTP_URL: `smtp://user:${SECRET}@127.0.0.1:1` })!;
      await assert.rejects(send({ to: 'a@example.com', subject: 's', text: 't' }), (error: Error) => {
        assert.equal(error.message, 'The mail server could not be reached; the e-mail was not sent.');
        return true;
      });
    });
  });

  describe('n8n documentation', () => {
    it('searches nodes and reads a node documentation page through n8n-mcp', async () => {
      const fns = await functions('n8n_docs');
      assert.deepEqual(
        fns.map((f) => f.name),
        loadCatalog({ CATALOG_FILE: DEFAULT_CATALOG_FILE }).tools.n8n_docs!.functions,
      );
      const search = await call(fns, 'search_n8n_docs', { query: 'slack' });
      assert.equal(search.tool_call_error, false, search.result);
      assert.match(search.result, /^n8n nodes matching "slack"/);
      assert.match(search.result, /- \*\*Slack\*\* \(`n8n-nodes-base\.slack`\): /);
      const docs = await call(fns, 'read_n8n_docs', { node_type: 'n8n-nodes-base.slack' });
      assert.equal(docs.tool_call_error, false, docs.result);
      assert.match(docs.result, /^# Slack node\n/);
      const unknown = await call(fns, 'read_n8n_docs', { node_type: 'n8n-nodes-base.noSuchNode' });
      assert.equal(unknown.tool_call_error, true);
      assert.match(unknown.result, /not found/);
    });

    it('answers teams saved with the old web search (duckduckgo) with the same documentation search', async () => {
      assert.deepEqual(
        (await functions('duckduckgo')).map((f) => f.name),
        ['search_n8n_docs', 'read_n8n_docs'],
      );
    });
  });

  describe('what is offered', () => {
    it('offers every function the catalogue lists for an available tool type, and nothing for the others', async () => {
      const catalog = loadCatalog({ CATALOG_FILE: DEFAULT_CATALOG_FILE });
      const { available, unavailable } = toolAvailability(catalog, { email: true, n8nDocs: true });
      const env = envWith({
        saveFile: async () => ({ id: 'x', url: 'http://localhost/x' }),
        sendEmail: async () => ({ to: 'a@example.com' }),
      });
      // The browser tool is being replaced by a real one in its own change; its catalogue entry lists that one.
      for (const [type, entry] of Object.entries(available).filter(([t]) => t !== 'browser')) {
        const names = (await functions(type, env)).map((f) => f.name);
        assert.deepEqual([...names].sort(), [...entry.functions].sort(), type);
      }
      assert.deepEqual(Object.keys(unavailable).sort(), ['duckduckgo', 'python']);
      assert.deepEqual(await functions('python', env), []);
      assert.equal(unavailable.python!.reason, 'code: not available (this deployment has no code sandbox)');
      const withoutSmtp = toolAvailability(catalog, { email: false, n8nDocs: true });
      assert.equal(withoutSmtp.unavailable.email!.reason, 'e-mail: set SMTP_URL');
      assert.ok(!('email' in withoutSmtp.available));
    });
  });
});
