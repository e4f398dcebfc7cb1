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
const REQUEST = 'Every morning at 8, fetch https://example.com/report.json and post a summary to Slack; check it in the browser.';

let server: RunningServer;
let browser: Browser;
let page: Page;

before(async () => {
  await buildSpa();
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const composer = () => page.getByRole('textbox', { name: 'Message' });
const sessionLinks = () => page.getByRole('region', { name: 'Recent Sessions' }).getByRole('link');

async function api<T>(pathName: string, init: RequestInit = {}): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${server.url}/api/v1${pathName}`, { ...init, headers: { Authorization: `Bearer ${token}` } });
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
    assert.equal(await reply.locator('[data-testid="tool-run"][data-status="running"]').count(), 0, 'every tool finished');
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
});
