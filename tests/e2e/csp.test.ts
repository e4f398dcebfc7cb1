// Every screen under the server's Content-Security-Policy in real Chromium: each document carries the policy, and
// no page or frame reports a violation (securitypolicyviolation events and "Refused to …" console errors).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page, Response } from 'playwright-core';
import { buildSpa, launchBrowser, startServer, type RunningServer } from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const REQUEST =
  'Every morning at 8, fetch https://example.com/report.json and post a summary to Slack; check it in the browser.';

let server: RunningServer;
let browser: Browser;
let page: Page;
const violations: string[] = [];

before(async () => {
  await buildSpa();
  server = await startServer({ STREAM_DELAY_MS: '5' });
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation?: (t: string) => void }).reportCspViolation;
      report?.(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      violations.push(message.text());
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

function assertPolicy(response: Response | null, what: string): void {
  assert.ok(response, `${what}: no response`);
  const policy = response.headers()['content-security-policy'] ?? '';
  // Pages without any script say so with default-src 'none'.
  assert.match(policy, /script-src 'self'|default-src 'none'/, `${what} is served with a Content-Security-Policy`);
  assert.doesNotMatch(
    policy.match(/(script|default)-src[^;]*/g)?.join(';') ?? '',
    /'unsafe-inline'|'unsafe-eval'/,
    what,
  );
  assert.equal(response.headers()['x-content-type-options'], 'nosniff', what);
}

async function visit(path: string, ready: () => Promise<unknown>): Promise<void> {
  const response = await page.goto(path);
  assertPolicy(response, path);
  await ready();
  await page.waitForLoadState('networkidle');
}

test('every screen works under the Content-Security-Policy', async (t) => {
  await t.test('login and the privacy pages', async () => {
    await visit('/login', () => page.getByRole('heading', { name: 'Sign In' }).waitFor());
    for (const path of ['/privacy', '/eu-privacy', '/legal/privacy-policy', '/legal/europe-privacy-policy']) {
      await visit(path, () => page.getByRole('heading').first().waitFor());
    }
    assert.deepEqual(violations, []);
  });

  let computerSrc = '';
  await t.test("sign-in and the team chat with a streamed reply and the Agent's Computer", async () => {
    await visit('/login', () => page.getByLabel('Name').waitFor());
    await page.getByLabel('Name').fill('Casey Csp');
    await page.getByLabel('Email').fill('casey@example.com');
    await page.getByRole('button', { name: 'Continue with Local Sign-In' }).click();
    await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(REQUEST);
    await composer.press('Enter');
    await page.getByTestId('live-reply').waitFor();
    const reply = page.getByTestId('team-message').last();
    await reply.waitFor({ timeout: 60_000 });
    assert.ok((await reply.getByTestId('tool-run').count()) > 0);
    const panel = page.getByRole('complementary', { name: "Agent's Computer" });
    await panel.waitFor();
    computerSrc = (await panel.locator('iframe').getAttribute('src')) ?? '';
    assert.match(computerSrc, /\/computer\/.+\/vnc\.html/);
    const frame = page.frameLocator('iframe[title]').first();
    await frame.locator('main').waitFor();
    await visit(`/teams/${TEAM_ID}/chat`, () => page.getByRole('textbox', { name: 'Message' }).waitFor());
    assert.deepEqual(violations, []);
  });

  await t.test("the Agent's Computer page on its own", async () => {
    const own = new URL(computerSrc, server.url);
    // The owner's signed link: the page, its script and its frame stream under the page's own policy.
    await visit(`${own.pathname}${own.search}`, () => page.locator('#screen').waitFor());
    assert.deepEqual(violations, []);
  });

  await t.test('profile, payment, the local checkout page, payment success and cancel', async () => {
    await visit('/profile', () => page.getByRole('button', { name: 'Sign Out' }).waitFor());
    await visit('/payment', () => page.getByRole('button', { name: 'Subscribe Now' }).waitFor());
    // Listening before the click: the checkout page can answer before a listener set up after it exists.
    const checkoutResponse = page.waitForResponse(
      (r) => /\/checkout\/[0-9a-f-]+$/.test(r.url()) && r.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    const checkout = await checkoutResponse;
    assertPolicy(checkout, 'the local checkout page');
    await page.getByText('Local stand-in for the card payment provider').waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment/success');
    await page.getByTestId('success-balance').waitFor();
    await visit('/payment/cancel', () =>
      page.getByText('Your payment was cancelled and you have not been charged.').waitFor(),
    );
    assert.deepEqual(violations, []);
  });
});
