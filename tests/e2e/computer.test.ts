// The Agent's Computer in real Chromium against the real server: during a run the panel (desktop) and the sheet
// (phone) show the run's own browser live, frame after frame, with its real address, then keep the last frame.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { buildSpa, launchBrowser, signInLocally, startServer, type RunningServer } from './harness';

/** How long the second page the request names takes to answer: the run stays live that long. */
const SLOW_MS = 8000;

let server: RunningServer;
let site: http.Server;
let siteOrigin: string;
let browser: Browser;

before(async () => {
  // A page that changes every 150 ms (so the screencast has frames to send) and one that answers late.
  site = http.createServer((req, res) => {
    const send = () => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        '<title>Sales report</title><h1 id="n">0</h1>' +
          '<script>let n = 0; setInterval(() => { document.getElementById("n").textContent = String(++n); }, 150);</script>',
      );
    };
    if (req.url === '/slow') setTimeout(send, SLOW_MS);
    else send();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  await buildSpa();
  // The pages are on this machine: the operator's switch for private hosts lets the run's browser open them.
  server = await startServer({ ALLOW_PRIVATE_TOOL_HOSTS: 'true', COMPUTER_PAGE_TIMEOUT_MS: '20000' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
  site?.close();
});

const request = () =>
  `Every morning at 8 fetch ${siteOrigin}/report and ${siteOrigin}/slow and post a summary to Slack`;

const frameCount = async (frame: FrameLocator) =>
  Number((await frame.locator('body').getAttribute('data-frames')) ?? 0);

/** While the run is live, the computer shows new frames of the report page; after it, the last one stays. */
async function seesLiveFrames(page: Page, frame: FrameLocator): Promise<void> {
  await frame.locator('#badge', { hasText: 'Live' }).waitFor({ timeout: 30_000 });
  await frame.locator('#screen').waitFor({ state: 'visible' });
  const first = await frameCount(frame);
  await page.waitForTimeout(1500);
  const later = await frameCount(frame);
  assert.ok(later >= first + 3, `new frames arrive while the run is live (${first} → ${later})`);
  assert.equal(await frame.locator('#badge').textContent(), 'Live');
  assert.equal(await frame.locator('#address').textContent(), `${siteOrigin}/report`);
  // The tab's title, or Chromium's own while it loads the next page the request named.
  assert.match(
    (await frame.locator('#page-title').textContent()) ?? '',
    /^(Sales report|Loading http:\/\/127\.0\.0\.1:\d+\/slow)$/,
  );
  const src = (await frame.locator('#screen').getAttribute('src')) ?? '';
  assert.match(src, /^data:image\/jpeg;base64,/);
  // The run ends: the badge says so and the last frame stays.
  await page.getByTestId('live-reply').waitFor({ state: 'detached', timeout: 60_000 });
  await frame.locator('#badge', { hasText: 'Finished' }).waitFor({ timeout: 20_000 });
  await frame.locator('#screen').waitFor({ state: 'visible' });
  assert.equal(await frame.locator('#failed').isVisible(), false);
}

test('desktop: the panel beside the chat shows the run’s browser live', async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  try {
    await signInLocally(page, 'Dana Desk', 'dana@example.com');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(request());
    await composer.press('Enter');
    const panel = page.getByRole('complementary', { name: "Agent's Computer" });
    await panel.waitFor({ timeout: 60_000 });
    assert.match((await panel.locator('iframe').getAttribute('src')) ?? '', /\/vnc\.html\?token=[^&]+&view_only=true$/);
    await seesLiveFrames(page, panel.frameLocator('iframe'));
  } finally {
    await context.close();
  }
});

test('phone: the full-screen sheet shows the run’s browser live', async () => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  try {
    await signInLocally(page, 'Pat Phone', 'pat@example.com');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(request());
    await composer.press('Enter');
    await page.getByRole('button', { name: "Watch the agent's computer" }).click({ timeout: 60_000 });
    const sheet = page.getByRole('dialog', { name: "Agent's Computer" });
    await sheet.waitFor();
    const frame = sheet.frameLocator('iframe');
    const box = (await sheet.locator('iframe').boundingBox())!;
    assert.ok(box.width >= 380, `the stream fills the phone's width: ${JSON.stringify(box)}`);
    await seesLiveFrames(page, frame);
  } finally {
    await context.close();
  }
});
