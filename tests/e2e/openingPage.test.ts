// A signed-in visitor opening the team chat in real Chromium: index.html asks for the page's first data while the
// app's code is still downloading, and the app takes those answers instead of asking the server a second time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { buildSpa, launchBrowser, signInLocally, startServer, type RunningServer } from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const CHAT = `/teams/${TEAM_ID}/chat`;
/** The team chat's first data (src/app/routes/routeModules.ts), as paths below /api/v1. */
const FIRST_DATA = [
  '/auth/users/me',
  `/teams/${TEAM_ID}`,
  '/credits/status',
  '/credentials/mcp',
  '/credentials/mcp/servers',
];
const ENTRY_DELAY_MS = 1500;

let server: RunningServer;
let browser: Browser;

before(async () => {
  await buildSpa();
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test("the team chat's first data is asked for once, before the app's code has arrived", async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInLocally(page, 'Opal Opening', 'opal@example.com');

  const html = await (await fetch(`${server.url}${CHAT}`)).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  assert.ok(entry, 'index.html loads an entry script');
  // A slow network for the entry chunk only: the data must not wait for it.
  let entryReleasedAt = 0;
  await page.route(`**${entry}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ENTRY_DELAY_MS));
    entryReleasedAt = Date.now();
    await route.continue();
  });
  const asked: Array<{ path: string; at: number }> = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v1/')) asked.push({ path: pathname.slice('/api/v1'.length), at: Date.now() });
  });

  await page.goto(CHAT);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await page.getByRole('complementary', { name: 'Team sidebar' }).waitFor();
  await page.waitForLoadState('networkidle');

  for (const path of FIRST_DATA) {
    const times = asked.filter((request) => request.path === path);
    assert.equal(times.length, 1, `${path} is asked for once (asked: ${asked.map((r) => r.path).join(', ')})`);
    assert.ok(times[0]!.at < entryReleasedAt, `${path} is asked for before the entry chunk arrives`);
  }
  await context.close();
});

test('a visitor without a stored token asks for no data and is sent to sign in', async () => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) asked.push(request.url());
  });
  await page.goto(CHAT);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(asked, []);
  await context.close();
});

test("the first paint shows the product's header before the app's code has arrived, and the app replaces it", async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInLocally(page, 'Bea Boot', 'bea@example.com');
  // Scripts held back: what paints now is what index.html itself shows.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(CHAT, { waitUntil: 'commit' });
  const shell = page.locator('.boot-shell');
  await shell.waitFor();
  assert.equal((await shell.textContent())?.trim(), 'Agent Team Studio');
  const box = (await shell.boundingBox())!;
  assert.ok(box.height === 56 && box.width === 390, `the header's place on a phone: ${box.width}x${box.height}`);
  release();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  assert.equal(await shell.count(), 0, 'the app replaced the placeholder');
  await context.close();
});
