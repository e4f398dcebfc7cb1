// The team chat in real Chromium against the real reference server: a live reply with tools and member responses,
// the Agent's Computer, history after a reload, Recent Sessions, attachments, a new chat, session rename and delete,
// and cloning the team.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildSpa, launchBrowser, screenshotBothThemes, startServer, type RunningServer } from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const REQUEST =
  'Every morning at 8, fetch https://example.com/report.json and post a summary to Slack; check it in the browser.';

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

before(async () => {
  await buildSpa();
  // Paced a little, so the live reply can be watched before it completes.
  server = await startServer({ STREAM_DELAY_MS: '15' });
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const composer = () => page.getByRole('textbox', { name: 'Message' });
const sessionLinks = () => page.getByRole('region', { name: 'Recent Sessions' }).getByRole('link');

async function api<T>(pathName: string, init: RequestInit = {}): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${server.url}/api/v1${pathName}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.ok(res.ok, `${pathName} answered ${res.status}`);
  return (await res.json()) as T;
}

test('a user builds a workflow with the team and manages the conversation', async (t) => {
  await t.test('signs in and lands on the empty team chat', async () => {
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByLabel('Name').fill('Chad Chatter');
    await page.getByLabel('Email').fill('chad@example.com');
    await page.getByRole('button', { name: 'Continue with Local Sign-In' }).click();
    await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
    await page.getByText('Build a workflow by describing it').waitFor();
    await page.getByRole('region', { name: 'Team Members' }).waitFor();
    await page.getByText('Team Configuration').waitFor();
  });

  await t.test("keeps the admin toggle clear of the composer's send button", async () => {
    const fab = await page.getByRole('button', { name: 'Admin mode' }).boundingBox();
    const send = await page.getByRole('button', { name: 'Send' }).boundingBox();
    assert.ok(fab && send, 'both buttons are on screen');
    const overlaps =
      fab.x < send.x + send.width &&
      send.x < fab.x + fab.width &&
      fab.y < send.y + send.height &&
      send.y < fab.y + fab.height;
    assert.equal(overlaps, false, `admin toggle ${JSON.stringify(fab)} covers send ${JSON.stringify(send)}`);
  });

  await t.test('sends a message and watches the live reply with its tool timeline and member responses', async () => {
    await composer().fill(REQUEST);
    await composer().press('Enter');
    await page.getByTestId('user-message').filter({ hasText: 'Every morning at 8' }).waitFor();
    // The live reply shows while the run streams, then becomes the team's message.
    await page.getByTestId('live-reply').waitFor();
    const reply = page.getByTestId('team-message').last();
    await reply.waitFor({ timeout: 60_000 });
    await page.waitForURL(/\?session=/);
    assert.ok((await reply.getByTestId('tool-run').count()) > 0, 'the reply lists its tools');
    assert.equal(
      await reply.locator('[data-testid="tool-run"][data-status="running"]').count(),
      0,
      'every tool finished',
    );
    assert.ok((await reply.getByTestId('member-response').count()) > 0, 'the reply shows member responses');
    await reply.getByRole('button', { name: 'Copy reply' }).waitFor();
    assert.equal(await composer().inputValue(), '');
  });

  await t.test("opens the Agent's Computer from the browser tool's address", async () => {
    const panel = page.getByRole('complementary', { name: "Agent's Computer" });
    await panel.waitFor();
    const src = await panel.locator('iframe').getAttribute('src');
    assert.match(src ?? '', /\/computer\/.+\/vnc\.html\?.*view_only=true/);
    await screenshotBothThemes(page, 'chat-01-reply');
    await panel.getByRole('button', { name: 'Expand' }).click();
    await page.getByRole('complementary', { name: 'Team sidebar' }).waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: "Close Agent's Computer" }).click();
    await page.getByRole('button', { name: "Agent's Computer" }).click();
    await panel.waitFor();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('complementary', { name: 'Team sidebar' }).waitFor();
  });

  await t.test('reloads and sees the same session from history', async () => {
    const url = page.url();
    await page.reload();
    await page.getByTestId('user-message').filter({ hasText: 'Every morning at 8' }).waitFor();
    await page.getByTestId('team-message').first().waitFor();
    assert.equal(page.url(), url);
    assert.equal(await page.getByTestId('user-message').count(), 1, 'the history is not doubled');
  });

  await t.test('starts a new chat and reopens the session from Recent Sessions', async () => {
    await page.getByRole('link', { name: 'New Chat' }).click();
    await page.getByText('Build a workflow by describing it').waitFor();
    assert.doesNotMatch(page.url(), /session=/);
    assert.equal(await sessionLinks().count(), 1);
    assert.equal(
      await page.getByRole('complementary', { name: "Agent's Computer" }).count(),
      0,
      'a new chat has no desktop',
    );
    await sessionLinks().first().click();
    await page.waitForURL(/\?session=/);
    await page.getByTestId('user-message').filter({ hasText: 'Every morning at 8' }).waitFor();
    await page.getByRole('complementary', { name: "Agent's Computer" }).waitFor();
  });

  await t.test('attaches a file, refuses an oversize one and sends both message and file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-e2e-'));
    const small = path.join(dir, 'notes.txt');
    const big = path.join(dir, 'huge.bin');
    writeFileSync(small, 'Slack channel: #reports\n');
    writeFileSync(big, Buffer.alloc(10_485_761));
    await page.getByTestId('attach-input').setInputFiles([small, big]);
    await page.getByText('• huge.bin is too large (max 10MB)').waitFor();
    const chip = page.getByTestId('attachment');
    await chip.filter({ hasText: 'notes.txt' }).waitFor();
    await page.locator('[data-testid="attachment"][data-state="uploaded"]').waitFor();
    assert.equal(await chip.count(), 1);
    await screenshotBothThemes(page, 'chat-02-attachment');
    await composer().fill('Use the Slack channel from my notes.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('user-message').filter({ hasText: 'Use the Slack channel' }).waitFor();
    await page.getByTestId('team-message').nth(1).waitFor({ timeout: 60_000 });
    assert.equal(await chip.count(), 0, 'attachments are cleared once sent');
  });

  await t.test('renames and deletes a session through the sidebar', async () => {
    // A second conversation, so one can be deleted while the other stays.
    // The previous reply may still be streaming: the new chat's empty state shows before the composer is used, as a
    // user sees it (until the new chat renders, Send belongs to the running reply and is disabled).
    await page.getByRole('link', { name: 'New Chat' }).click();
    await page.getByText('Build a workflow by describing it').waitFor();
    await composer().fill('Create a webhook that appends each request to a Google Sheets row.');
    await composer().press('Enter');
    await page.getByTestId('team-message').first().waitFor({ timeout: 60_000 });
    await page.waitForURL(/\?session=/);
    await sessionLinks().nth(1).waitFor();
    const current = new URL(page.url()).searchParams.get('session');

    await page.getByRole('button', { name: /^Session actions for Create a webhook/ }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Session name').fill('Sheets logger');
    // The new name shows before the server answers, so the check of the server waits for its answer.
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/${current}`));
    await page.getByRole('button', { name: 'Save' }).click();
    await sessionLinks().filter({ hasText: 'Sheets logger' }).waitFor();
    assert.equal((await patched).status(), 200);
    const renamed = await api<{ data: { session_name: string } }>(`/teams/sessions/${current}`);
    assert.equal(renamed.data.session_name, 'Sheets logger');

    await page.getByRole('button', { name: 'Session actions for Sheets logger' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => !url.search.includes('session='));
    await sessionLinks().filter({ hasText: 'Sheets logger' }).waitFor({ state: 'detached' });
    await sessionLinks().filter({ hasText: 'Every morning at 8' }).waitFor();
    assert.equal(await sessionLinks().count(), 1);
    const left = await api<{ data: { sessions: unknown[] } }>(`/teams/${TEAM_ID}/sessions?limit=50&offset=0`);
    assert.equal(left.data.sessions.length, 1, 'the server deleted it');
    await screenshotBothThemes(page, 'chat-03-sessions');
  });

  await t.test('clones the team through its confirm dialog', async () => {
    await page.getByRole('button', { name: 'Team actions' }).click();
    await page.getByRole('menuitem', { name: 'Clone Team' }).click();
    await page.getByText('Are you sure you want to clone this team?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Team cloned successfully!').waitFor();
    const teams = await api<{ data: { teams: Array<{ id: string; name: string }> } }>(
      '/teams?limit=10&skip=0&include_public=true',
    );
    assert.ok(
      teams.data.teams.some((team) => team.id !== TEAM_ID),
      'the clone exists on the server',
    );
    // Only the configured team has a chat, so the clone's chat leads back to it.
    await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
  });

  await t.test('ran without a single uncaught page error', () => {
    assert.deepEqual(pageErrors, []);
  });
});
