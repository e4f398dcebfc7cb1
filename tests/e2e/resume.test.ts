// A reply is never lost to a reload or a dropped connection, in real Chromium: the run goes on on the server; a reload
// mid-run shows the reply so far and streams it live to its end; a cut socket, and two seconds of network offline,
// say so in words, reconnect and finish the reply with no character lost or doubled; Stop stops the run on the
// server and keeps what it wrote.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { buildSpa, launchBrowser, signInLocally, startServer, type RunningServer } from './harness';

const REQUEST = 'Every Monday at 8am fetch https://api.example.com/sales and post a summary to #sales on Slack';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  await buildSpa();
  // Paced text: each paragraph of the reply a little apart, so a run lasts long enough to leave it mid-way.
  server = await startServer({ FREE_CREDITS: '500', STREAM_DELAY_MS: '80' });
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: server.url, viewport: { width: 1300, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const reply = () => page.getByTestId('team-message').last();

/** The finished reply's text once drawn (markdown and diagram), without its time line. */
async function shownReply(): Promise<string> {
  await reply().getByRole('heading', { name: 'How it works' }).waitFor();
  await reply().getByText('WORKFLOW JSON', { exact: false }).first().waitFor();
  // The diagram's code loads on first use and React Flow shows its nodes once measured: read the text after both.
  await reply().getByRole('status', { name: 'Loading the workflow diagram' }).waitFor({ state: 'detached' });
  await reply().locator('.react-flow__node').last().waitFor({ state: 'visible' });
  return (await reply().innerText())
    .trim()
    .replace(/\n[^\n]*\d{1,2}:\d{2}:\d{2}\s?[AP]M$/, '')
    .trim();
}

/** The stored copy of the session's last reply, as the API gives it. */
async function storedReply(): Promise<{ content: string; run_status?: string }> {
  const session = new URL(page.url()).searchParams.get('session');
  assert.ok(session, `the page names its session: ${page.url()}`);
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/v1/teams/sessions/${id}/messages?limit=50`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    const body = await res.json();
    return body.data.messages.filter((m: { role: string }) => m.role === 'team_response').at(-1);
  }, session);
}

async function send(message: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
}

/** Waits for the live reply to show some text, then for its session to be in the address. */
async function midRun(): Promise<string> {
  const live = page.getByTestId('live-reply');
  await live.getByText('How it works').waitFor();
  await page.waitForURL(/session=/);
  return (await live.innerText()).trim();
}

const finished = () => page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 60_000 });

test('a reload mid-run shows the reply so far and streams it live to its end', async () => {
  await signInLocally(page, 'Rita Reload', 'rita@example.com');
  await send(REQUEST);
  const before = await midRun();
  assert.ok(!before.includes('Import it'), 'the reply was not finished before the reload');
  await page.reload();
  // The reply so far is back, then streams on (Stop is there while it does) to its end.
  await page.getByTestId('live-reply').getByText('How it works').waitFor();
  await page.getByRole('button', { name: 'Stop' }).waitFor();
  await finished();
  const after = await shownReply();
  assert.match(after, /Import it/);
  assert.equal(after.split('How it works').length, 2, 'nothing doubled');
  const stored = await storedReply();
  assert.equal(stored.run_status, 'completed');
  // What the page shows is the stored reply: a second reload gives the same text.
  await page.reload();
  assert.equal(await shownReply(), after);
});

test('a cut connection says so, reconnects and finishes the reply with nothing lost or doubled', async () => {
  await page.goto(`/teams/${new URL(page.url()).pathname.split('/')[2]}/chat`);
  // The page's socket goes through the test: it can cut it as a network would.
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    sockets.push(ws);
    ws.connectToServer();
  });
  await send(REQUEST);
  await midRun();
  await sockets.at(-1)!.close({ code: 1006, reason: 'network cut' });
  await page.getByText(/Connection lost, retrying in \d+ s|Reconnecting…/).waitFor();
  await finished();
  const shown = await shownReply();
  assert.ok(sockets.length >= 2, 'a second socket resumed the run');
  assert.equal(await page.getByText(/Connection lost|Reconnecting…/).count(), 0, 'the words go once it is back');
  const stored = await storedReply();
  assert.equal(stored.run_status, 'completed');
  await page.reload();
  assert.equal(await shownReply(), shown, 'the live reply is exactly the stored one');
  await page.unrouteAll();
});

test('two seconds offline (network emulation) mid-run: the page says so, comes back when online and finishes the reply', async () => {
  await page.goto(`/teams/${new URL(page.url()).pathname.split('/')[2]}/chat`);
  // Chromium's offline emulation fails new requests and fires offline/online, but leaves an open WebSocket alone
  // (crbug.com/563644, playwright#4910); the test cuts the open socket as a lost network does, and refuses new ones
  // while offline.
  let offline = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    sockets.push(ws);
    if (offline) return void ws.close({ code: 1006, reason: 'offline' });
    ws.connectToServer();
  });
  await send(REQUEST);
  await midRun();
  offline = true;
  await context.setOffline(true);
  await sockets.at(-1)!.close({ code: 1006, reason: 'network lost' });
  await page.getByText(/Connection lost, retrying in \d+ s|Reconnecting…/).waitFor();
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  await page.waitForTimeout(2_000);
  const whileOffline = sockets.length;
  offline = false;
  const backAt = Date.now();
  await context.setOffline(false);
  // Back online: the page tries at once (the online event), not after its back-off.
  await page.getByText(/Connection lost|Reconnecting…/).waitFor({ state: 'detached', timeout: 10_000 });
  assert.ok(sockets.length > whileOffline, 'a new socket resumed the run');
  assert.ok(Date.now() - backAt < 5_000, `reconnected ${Date.now() - backAt} ms after going online`);
  await finished();
  const shown = await shownReply();
  assert.equal(shown.split('How it works').length, 2, 'nothing doubled');
  const stored = await storedReply();
  assert.equal(stored.run_status, 'completed');
  await page.reload();
  assert.equal(await shownReply(), shown, 'the live reply is exactly the stored one');
  await page.unrouteAll();
});

test('Stop stops the run on the server and keeps what it wrote', async () => {
  await send(REQUEST);
  await midRun();
  await page.getByRole('button', { name: 'Stop' }).click();
  await finished();
  // The server stores the stopped run a moment after the page shows it ended; on a loaded machine that moment was
  // longer than the half second this test used to wait (CI of 9741809). It waits for the run to settle (10 s at most).
  let stored = await storedReply();
  for (let tries = 0; stored.run_status === 'running' && tries < 40; tries++) {
    await page.waitForTimeout(250);
    stored = await storedReply();
  }
  assert.equal(stored.run_status, 'stopped');
  assert.ok(stored.content.includes('How it works'));
  assert.ok(!stored.content.includes('Import it'), 'the run did not go on after Stop');
});
