// The built-in team reads requests in a worker thread within a time limit: the reading is the same as on the main
// thread, the event loop keeps serving while a long message is read, and a message too long or involved to read in
// time is refused with request_too_complex (HTTP 422) and refunded, instead of holding the server.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readSession } from '../src/workflows/intent/edit.ts';
import { ReadOverLimitsError, readSessionOffThread } from '../src/workflows/intent/readOffThread.ts';
import { client, signIn, startTestServer } from './helpers.ts';

const REQUESTS = [
  'Every weekday at 7am pull yesterday’s orders from Shopify, total them per product in a Google Sheet and post the top five to #sales on Slack.',
  'When a new row is added to the Leads sheet, if the budget is over 10,000 email the sales lead, otherwise add the person to our Mailchimp list.',
  'When someone fills in the Typeform survey, use AI to sort the answer into praise, complaint or question and send complaints to Zendesk as tickets.',
  'Each Friday at 5pm fetch https://api.example.com/metrics, compare it with last week in Postgres and alert Discord when signups drop by more than 20%.',
];

/** A message near the 100,000-character limit: many requests run together, each a clause the reader must weigh. */
const HOSTILE = Array.from({ length: 200 }, (_, i) => REQUESTS[i % REQUESTS.length]!.replace(/\.$/, ', and then '))
  .join(' ')
  .slice(0, 99_000);

const GENEROUS = { timeoutMs: 60_000, memoryMb: 512 };

describe('the reader off the event loop', () => {
  it('reads a request into the same spec as on the main thread, edits included', async () => {
    for (const request of REQUESTS) {
      const read = await readSessionOffThread({ stored: null, requests: [request] }, GENEROUS);
      assert.deepEqual(read, readSession(null, [request]), request);
    }
    const first = readSession(null, [REQUESTS[0]!]);
    const edit = 'Use Microsoft Teams instead of Slack.';
    const edited = await readSessionOffThread({ stored: first.spec, requests: [REQUESTS[0]!, edit] }, GENEROUS);
    assert.equal(edited.edited, true);
    assert.deepEqual(edited, readSession(first.spec, [REQUESTS[0]!, edit]));
  });

  it('keeps the event loop serving while a long message is read, and stops the read at its time limit', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    const started = performance.now();
    await assert.rejects(
      readSessionOffThread({ stored: null, requests: [HOSTILE] }, { timeoutMs: 1_000, memoryMb: 512 }),
      ReadOverLimitsError,
    );
    clearInterval(timer);
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 5_000, `the read was stopped at its limit, not run to its end (${Math.round(elapsed)} ms)`);
    // 1,000 ms of 20 ms ticks is 50; a blocked loop would have run none until the read ended.
    assert.ok(ticks >= 10, `the timer ran ${ticks} times during the read`);
    // The pool replaces the stopped worker: the next read works.
    const next = await readSessionOffThread({ stored: null, requests: [REQUESTS[1]!] }, GENEROUS);
    assert.ok(next.spec.steps.length > 0);
  });

  describe('through the chat', () => {
    let server: Awaited<ReturnType<typeof startTestServer>>;
    after(() => server?.close());

    it('refuses a message it cannot read in time with request_too_complex, and charges nothing', async () => {
      server = await startTestServer({ FREE_CREDITS: '50', RUN_COST_CREDITS: '5', READ_TIMEOUT_MS: '1000' });
      const token = await signIn(server, 'long-writer@example.com');
      const before = await client(server, token).get('/credits/balance');
      const res = await client(server, token).post(`/teams/${server.ctx.config.TEAM_ID}/chat`, {
        message: HOSTILE,
        stream: false,
      });
      assert.equal(res.status, 422, JSON.stringify(res.body).slice(0, 300));
      assert.equal(res.body.detail.code, 'request_too_complex');
      assert.match(res.body.detail.message, /^The request is too long or too involved to read\./);
      const afterRun = await client(server, token).get('/credits/balance');
      assert.deepEqual(afterRun.body, before.body, 'the refused run was refunded');
    });
  });
});
