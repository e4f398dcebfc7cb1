// Real tools in real Chromium: the user saves n8n credentials in the chat, asks for a workflow, and the timeline shows
// the team's real n8n MCP calls (node search, node definitions, validation, creation in the user's n8n); the
// workflow lands on the user's (fake) n8n and the reply links to it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startFakeN8n, type FakeN8n } from '../../server/test/fakes/n8n.ts';
import {
  buildSpa,
  launchBrowser,
  screenshotBothThemes,
  signInLocally,
  startServer,
  type RunningServer,
} from './harness';

const API_KEY = 'n8n_api_e2e_key_0123456789abcdef';
const REQUEST = 'When a Typeform response arrives, add it to Airtable and tell #sales if the budget is over 10k';

let server: RunningServer;
let n8n: FakeN8n;
let browser: Browser;
let page: Page;

before(async () => {
  await buildSpa();
  n8n = await startFakeN8n([API_KEY]);
  // The fake n8n listens on loopback: the operator allows private tool hosts for this self-hosted setup.
  server = await startServer({ ALLOW_PRIVATE_TOOL_HOSTS: 'true', FREE_CREDITS: '500' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } })).newPage();
  page.setDefaultTimeout(30_000);
});

after(async () => {
  await browser?.close();
  await server?.close();
  await n8n?.close();
});

test("the team builds with real n8n MCP tools and creates the workflow in the user's n8n", async (t) => {
  await t.test('signs in and saves n8n credentials from the chat', async () => {
    await signInLocally(page, 'Tia Tools', 'tia@example.com');
    await page.getByRole('button', { name: 'Click to enter your credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'n8n credentials' });
    await dialog.getByLabel('n8n Base URL').fill(n8n.url);
    await dialog.getByLabel('n8n API Key').fill(API_KEY);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Credentials saved successfully!').waitFor();
  });

  await t.test('asks for a workflow and sees the real MCP calls in the timeline', async () => {
    await page.getByRole('textbox', { name: 'Message' }).fill(REQUEST);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const reply = page.getByTestId('team-message').last();
    await reply.waitFor({ timeout: 90_000 });
    const tools = await reply.getByTestId('tool-run').allInnerTexts();
    for (const name of ['search_nodes', 'get_node', 'validate_workflow', 'n8n_create_workflow']) {
      assert.ok(
        tools.some((text) => text.includes(name)),
        `${name} in ${JSON.stringify(tools.map((x) => x.split('\n')[0]))}`,
      );
    }
    assert.ok(!(await page.content()).includes(API_KEY), 'the API key never reaches the page');
  });

  await t.test('finds the workflow in its n8n, linked from the reply', async () => {
    assert.equal(n8n.workflows.length, 1);
    const created = n8n.workflows[0]!;
    assert.equal(created.active, false);
    const types = created.nodes.map((n) => (n as { type: string }).type);
    for (const type of ['n8n-nodes-base.typeformTrigger', 'n8n-nodes-base.airtable', 'n8n-nodes-base.slack'])
      assert.ok(types.includes(type), type);
    // "tell #sales if the budget is over 10k" has one branch: n8n's Filter keeps the items that meet it.
    const condition = created.nodes.find((n) => (n as { type: string }).type === 'n8n-nodes-base.filter') as
      | {
          parameters: {
            conditions?: { conditions?: Array<{ rightValue?: unknown; operator?: { operation?: string } }> };
          };
        }
      | undefined;
    assert.ok(condition, `a Filter node in ${JSON.stringify(types)}`);
    assert.deepEqual(
      condition.parameters.conditions?.conditions?.map((c) => [c.operator?.operation, c.rightValue]),
      [['gt', 10000]],
    );
    const link = page.getByTestId('team-message').last().getByRole('link', { name: 'Open in n8n' }).first();
    assert.equal(await link.getAttribute('href'), `${n8n.url}/workflow/${created.id}`);
    await screenshotBothThemes(page, 'tools-01-created-in-n8n');
  });
});
