// A session longer than one page of stored messages (SPEC §9: 100) in real Chromium against the real reference server:
// it opens at its newest messages, and scrolling up loads the earlier page above them, up to the first message.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { buildSpa, launchBrowser, screenshotBothThemes, startServer, type RunningServer } from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
/** Each run stores the user message and the reply: 55 runs are 110 messages, one page and a bit. */
const RUNS = 55;

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const messageRequests: string[] = [];

before(async () => {
  await buildSpa();
  server = await startServer({ FREE_CREDITS: '100000' });
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/teams\/sessions\/[^/]+\/messages$/.test(url.pathname)) messageRequests.push(url.search);
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const userMessage = (n: number) => page.getByTestId('user-message').getByText(`Request number ${n}`, { exact: true });
const renderedRows = () => page.locator('[data-testid="message-list"] [data-index]').count();

async function chat(token: string, message: string, sessionId: string | null): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/teams/${TEAM_ID}/chat`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, session_id: sessionId, stream: false }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { data: { session_id: string } }).data.session_id;
}

test('a long session opens at its newest messages and scrolls back to its first', async (t) => {
  let sessionId = '';

  await t.test('a session of more than one page is stored', async () => {
    await page.goto('/login');
    await page.getByLabel('Name').fill('Lena Long');
    await page.getByLabel('Email').fill('lena@example.com');
    await page.getByRole('button', { name: 'Continue with Local Sign-In' }).click();
    await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    let session: string | null = null;
    for (let n = 1; n <= RUNS; n++) session = await chat(token, `Request number ${n}`, session);
    sessionId = session!;
  });

  await t.test('opens at the newest messages, with only the newest page loaded', async () => {
    await page.goto(`/teams/${TEAM_ID}/chat?session=${sessionId}`);
    await userMessage(RUNS).waitFor();
    assert.deepEqual(messageRequests, ['?limit=100']);
    assert.equal(await userMessage(1).count(), 0);
  });

  await t.test('scrolling to the top loads the earlier page above, without moving what is shown', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/messages?*skip=100*', async (route) => {
      await gate;
      await route.continue();
    });
    const list = page.getByTestId('message-list');
    const asked = page.waitForRequest((request) => request.url().includes('skip=100'));
    await list.evaluate((el) => (el.scrollTop = 0));
    await asked;
    await page.getByRole('progressbar', { name: 'Loading earlier messages' }).waitFor();
    const top = page.getByTestId('user-message').first();
    const text = (await top.textContent())!;
    const before = (await top.boundingBox())!.y;
    const arrived = page.waitForResponse((response) => response.url().includes('skip=100'));
    release();
    await arrived;
    await page.getByRole('progressbar', { name: 'Loading earlier messages' }).waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    const same = page.getByTestId('user-message').filter({ hasText: text });
    assert.ok(
      Math.abs((await same.boundingBox())!.y - before) <= 2,
      `"${text}" moved from ${before} to ${(await same.boundingBox())!.y}`,
    );
    assert.deepEqual(messageRequests, ['?limit=100', '?limit=100&skip=100']);
  });

  await t.test('scrolling on up reaches the first message, with few rows in the DOM at any time', async () => {
    const list = page.getByTestId('message-list');
    const box = (await list.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    let mostRows = 0;
    for (let i = 0; i < 200 && (await userMessage(1).count()) === 0; i++) {
      await page.mouse.wheel(0, -800);
      await page.waitForTimeout(50);
      mostRows = Math.max(mostRows, await renderedRows());
    }
    await userMessage(1).waitFor();
    // Two pages hold the whole session: nothing more was asked for.
    assert.deepEqual(messageRequests, ['?limit=100', '?limit=100&skip=100']);
    // Virtualized: a few screens of rows at most, however long the session.
    assert.ok(mostRows > 0 && mostRows < 40, `rows in the DOM: ${mostRows}`);

    // The first turns read in order, oldest at the top.
    await list.evaluate((el) => (el.scrollTop = 0));
    await userMessage(2).waitFor();
    const first = await userMessage(1).boundingBox();
    const second = await userMessage(2).boundingBox();
    assert.ok(first && second && first.y < second.y);
    await screenshotBothThemes(page, 'chat-long-session-first-messages');
  });

  await t.test('scrolling back down reaches the newest message again', async () => {
    await page.getByTestId('message-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await userMessage(RUNS).waitFor();
    assert.deepEqual(pageErrors, []);
  });
});
