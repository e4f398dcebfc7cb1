// "Report a problem" in real Chromium: after a chat run, the support snapshot downloaded from the profile holds the
// chat as the page showed it, `npm run replay -- snapshot.json` restores exactly that chat state, and no token or
// credential value is in the file; sent to support, it is listed for the admin in admin mode.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { buildSpa, launchBrowser, signInLocally, startServer, type RunningServer } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'github_pat_snapshot_secret_9876';

let server: RunningServer;
let browser: Browser;
let page: Page;

before(async () => {
  await buildSpa();
  server = await startServer({ FREE_CREDITS: '500' });
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1300, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('a snapshot taken after a run restores to the same chat state and holds no secret', async () => {
  // The first user of a fresh server is its admin.
  await signInLocally(page, 'Sam Support', 'sam@example.com');
  await page.goto('/profile');
  await page.getByRole('combobox', { name: 'Tool server' }).click();
  await page.getByRole('option', { name: 'GitHub' }).click();
  await page.getByRole('button', { name: 'Add Credentials' }).click();
  const credential = page.getByRole('dialog', { name: 'GitHub credentials' });
  await credential.getByLabel(/Personal Access Token/).fill(SECRET);
  await credential.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('article', { name: 'GitHub credentials' }).waitFor();

  await page.goBack();
  await page.waitForURL(/\/chat/);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Every morning at 9 post the weather in Berlin to #general on Slack');
  await composer.press('Enter');
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 60_000 });
  const reply = page.getByTestId('team-message').last();
  await reply.getByRole('heading', { name: 'How it works' }).waitFor();
  const shown = await reply.innerText();

  // In the app (no reload), so the chat is still in the store.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await page.waitForURL('**/profile');
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  const file = await download.path();
  const text = await readFile(file, 'utf8');
  const snapshot = JSON.parse(text) as {
    format: string;
    route: string;
    chat: { messages: { ids: string[]; entities: Record<string, { content: string; sender: string }> } };
    recording: { entries: unknown[] } | null;
    connection: Array<{ type: string }>;
  };

  const token = await page.evaluate(() => localStorage.getItem('token'));
  assert.ok(token);
  assert.ok(!text.includes(token), 'the access token is not in the snapshot');
  assert.ok(!text.includes(SECRET), 'the credential value is not in the snapshot');
  assert.doesNotMatch(text, /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/, 'no token of any kind');
  assert.equal(snapshot.format, 'agent-team-studio.support-snapshot');
  assert.equal(snapshot.route, '/profile');
  assert.ok(snapshot.recording && snapshot.recording.entries.length > 0, 'the last stream recording is in it');
  assert.ok(
    snapshot.connection.some((e) => e.type === 'chat/runCompleted'),
    'the socket history is in it',
  );
  const teamMessages = Object.values(snapshot.chat.messages.entities).filter((m) => m.sender === 'team');
  assert.ok(teamMessages.at(-1)!.content.includes('How it works') && shown.includes('How it works'));

  // The replay tool restores the same chat state.
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.deepEqual(JSON.parse(stdout), snapshot.chat);

  // Sent to support, it is listed for the admin in admin mode.
  await dialog.getByLabel('What went wrong? (optional)').fill('Testing the report');
  await dialog.getByRole('button', { name: 'Send to support' }).click();
  await dialog.getByText(/Sent to support\. Reference: /).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('switch', { name: 'Admin mode' }).click();
  const reports = page.getByRole('region', { name: 'Problem reports' });
  await reports.getByText('/profile — Testing the report').waitFor();
});
