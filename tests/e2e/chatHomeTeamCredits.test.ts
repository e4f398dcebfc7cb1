// The home-team variant and running out of credits, in real Chromium against the reference server: an initial
// message sent by itself, the URL keeping isHomeTeam, and the insufficient-credits dialog. (The built-in team
// names no new team, so the follow-up card is covered by the component tests.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { buildSpa, launchBrowser, screenshotBothThemes, startServer, type RunningServer } from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';

let server: RunningServer;
let browser: Browser;
let page: Page;

before(async () => {
  await buildSpa();
  // Enough credit for exactly one run.
  server = await startServer({ FREE_CREDITS: '5', RUN_COST_CREDITS: '5', TOOL_CALL_COST_CREDITS: '0' });
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the home team builds from an initial message, then the credits run out', async (t) => {
  await t.test('signs in', async () => {
    await page.goto('/login');
    await page.getByLabel('Name').fill('Hana Home');
    await page.getByLabel('Email').fill('hana@example.com');
    await page.getByRole('button', { name: 'Continue with Local Sign-In' }).click();
    await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
  });

  await t.test('sends the initial message by itself and keeps isHomeTeam in the URL', async () => {
    const request = encodeURIComponent('A webhook that posts each new order to Slack');
    await page.goto(`/teams/${TEAM_ID}/chat?isHomeTeam=true&initialMessage=${request}`);
    await page.getByTestId('user-message').filter({ hasText: 'A webhook that posts each new order' }).waitFor();
    assert.equal(
      await page.getByRole('complementary', { name: 'Team sidebar' }).count(),
      0,
      'the sidebar starts closed',
    );
    await page.getByTestId('team-message').waitFor({ timeout: 60_000 });
    await page.waitForURL(/session=/);
    const url = new URL(page.url());
    assert.ok(url.searchParams.get('session'));
    assert.equal(url.searchParams.get('isHomeTeam'), 'true');
    assert.equal(url.searchParams.get('initialMessage'), null, 'a reload does not send it again');
    // The newest reply is in view: the list followed it to its end, or shows it from its top when it is taller.
    await page.waitForFunction(() => {
      const list = document.querySelector('[data-testid=message-list]');
      const replies = document.querySelectorAll('[data-testid=team-message]');
      const reply = replies[replies.length - 1];
      if (!list || !reply) return false;
      const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight <= 100;
      const top = reply.getBoundingClientRect().top - list.getBoundingClientRect().top;
      return atEnd || (top >= -1 && top < list.clientHeight);
    });
    assert.equal(await page.getByRole('button', { name: 'Click to enter your credentials' }).count(), 0);
    await screenshotBothThemes(page, 'chat-04-home-team');
  });

  await t.test('out of credits, the dialog leads to /payment', async () => {
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('And another one for email');
    await composer.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Insufficient Credits' });
    await dialog.getByText('You need credits to use the team chat feature. Purchase credits to continue.').waitFor();
    await dialog.getByRole('button', { name: 'Purchase Credits' }).click();
    await page.waitForURL('**/payment');
  });
});
