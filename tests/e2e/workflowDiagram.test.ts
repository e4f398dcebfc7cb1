// The workflow diagram in real Chromium against the real reference server: the built-in team answers with an n8n
// workflow, the reply draws it (nodes and edges), Copy JSON and Download work, the diagram survives a reload and
// fits a phone. Its chunk loads only once a reply has a workflow: neither /login nor the empty chat fetch it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../../bench/qualityAxe';
import { branchingWorkflow } from '../fixtures/workflows/branches';
import {
  buildSpa,
  launchBrowser,
  screenshotBothThemes,
  signInLocally,
  startServer,
  type RunningServer,
} from './harness';

const REQUEST = 'Every Monday at 8am post the sales figures to #sales on Slack';
const DIAGRAM_CHUNK = /\/WorkflowCanvas-[^/]*\.js$/;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const flowWarnings: string[] = [];
const scripts: string[] = [];

before(async () => {
  await buildSpa();
  server = await startServer();
  browser = await launchBrowser();
  // axe goes in as an inline script, which the site's CSP refuses; the CSP itself is checked in csp.test.ts.
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    bypassCSP: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.text().includes('[React Flow]')) flowWarnings.push(message.text());
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const diagram = () => page.getByRole('application', { name: /^Workflow diagram: / });
const actions = () => page.getByRole('group', { name: 'Workflow actions' });
const BRANCHING_REPLY = [
  'Here is your workflow.',
  '',
  '```json',
  JSON.stringify(branchingWorkflow, null, 2),
  '```',
  '',
  '[Open in n8n](https://n8n.example.com/workflow/abc123)',
].join('\n');

/** The stored reply with its workflow swapped for another: any server's stored content draws the same way. */
/** The stored reply as a server that sends no workflow field would give it: the branching workflow in its text only. */
function withReply(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('```json') ? BRANCHING_REPLY : value;
  if (Array.isArray(value)) return value.map(withReply);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'workflow')
        .map(([k, v]) => [k, withReply(v)]),
    );
  return value;
}

const diagramChunkLoaded = () => scripts.some((url) => DIAGRAM_CHUNK.test(url));

test('a reply with a workflow shows it as a diagram', async (t) => {
  await t.test('signs in without loading the diagram on /login or on the empty chat', async () => {
    await signInLocally(page, 'Dana Diagram', 'dana@example.com');
    await page.getByText('Build a workflow by describing it').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(diagramChunkLoaded(), false, `scripts loaded: ${scripts.join(', ')}`);
  });

  await t.test('draws the workflow of the reply: its nodes, kinds and connection', async () => {
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(REQUEST);
    await composer.press('Enter');
    await page.getByTestId('team-message').waitFor({ timeout: 60_000 });
    await page.waitForURL(/\?session=/);
    const canvas = diagram();
    await canvas.waitFor();
    assert.match(
      (await canvas.getAttribute('aria-label')) ?? '',
      /^Workflow diagram: Every Monday at 08:00 → Slack, 2 nodes$/,
    );
    await canvas.getByText('Schedule Trigger', { exact: true }).waitFor();
    await canvas.getByText('Post to #sales', { exact: true }).waitFor();
    // The kind under each name (the type too, when it differs from the name).
    await canvas.getByText('Trigger', { exact: true }).waitFor();
    await canvas.getByText('Action · Slack', { exact: true }).waitFor();
    // A straight edge's box has no height, which Playwright counts as hidden.
    const edge = canvas.getByRole('img', { name: 'Schedule Trigger to Post to #sales' });
    await edge.waitFor({ state: 'attached' });
    assert.ok(
      ((await edge.locator('path.react-flow__edge-path').getAttribute('d')) ?? '').length > 0,
      'the edge has a path',
    );
    assert.ok(diagramChunkLoaded(), 'the diagram chunk loaded once a reply needed it');
    assert.equal(await page.getByRole('button', { name: 'Workflow JSON' }).getAttribute('aria-expanded'), 'false');
    assert.equal(
      await actions().getByRole('link', { name: 'Open in n8n' }).count(),
      0,
      'no created workflow is linked',
    );
    await canvas.scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, 'workflow-01-diagram');
  });

  await t.test('draws it again after a reload, from the workflow stored with the reply', async () => {
    const stored: unknown[] = [];
    page.on('response', (r) => {
      if (/\/teams\/sessions\/[^/]+\/messages/.test(r.url())) stored.push(r.json());
    });
    await page.reload();
    await diagram().getByText('Post to #sales', { exact: true }).waitFor();
    const body = (await stored[0]) as {
      data: { messages: Array<{ role: string; workflow?: { workflow: { nodes: unknown[] } } }> };
    };
    const reply = body.data.messages.find((m) => m.role === 'team_response');
    assert.equal(reply?.workflow?.workflow.nodes.length, 2, 'the stored reply carries the workflow as data');
  });

  await t.test('copies the JSON and downloads it as a named file', async () => {
    await actions().getByRole('button', { name: 'Copy JSON' }).click();
    await actions().getByRole('button', { name: 'Copied' }).waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      nodes: Array<{ name: string }>;
    };
    assert.deepEqual(
      copied.nodes.map((n) => n.name),
      ['Schedule Trigger', 'Post to #sales'],
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      actions().getByRole('button', { name: 'Download .json' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'every-monday-at-08-00-slack.json');
    const saved = JSON.parse(await readFile((await download.path())!, 'utf8')) as typeof copied;
    assert.deepEqual(saved, copied);
    await page.getByRole('button', { name: 'Workflow JSON' }).click();
    await page.getByTestId('workflow-panel').locator('code').filter({ hasText: '"connections"' }).waitFor();
  });

  await t.test('shows the same diagram after a reload', async () => {
    await page.reload();
    await diagram().getByText('Schedule Trigger', { exact: true }).waitFor();
    await diagram().getByRole('img', { name: 'Schedule Trigger to Post to #sales' }).waitFor({ state: 'attached' });
  });

  await t.test('fits a phone screen (360 and 390 px wide) without horizontal overflow', async () => {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      const canvas = diagram();
      await canvas.getByText('Schedule Trigger', { exact: true }).waitFor({ state: 'attached' });
      // On a phone the Agent's Computer opens over the chat (the built-in team's browser tool has a desktop).
      const closeComputer = page.getByRole('button', { name: "Close Agent's Computer" });
      if (await closeComputer.isVisible()) await closeComputer.click();
      await canvas.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const box = (await canvas.boundingBox())!;
      assert.ok(
        box.x >= 0 && box.x + box.width <= width,
        `the canvas lies within the ${width}px screen: ${JSON.stringify(box)}`,
      );
      assert.ok(box.height >= 260 && box.height <= 360, `canvas height ${box.height}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `at ${width}px the page scrolls sideways by ${overflow}px`);
      for (const name of ['Schedule Trigger', 'Post to #sales']) {
        const node = (await canvas.getByText(name, { exact: true }).boundingBox())!;
        assert.ok(
          node.x >= box.x && node.x + node.width <= box.x + box.width,
          `${name} is inside the fitted view at ${width}px`,
        );
      }
    }
    await screenshotBothThemes(page, 'workflow-02-phone');
  });

  await t.test(
    "draws branch labels, an AI agent's dashed sub-node links and Open in n8n from a stored reply",
    async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.route('**/api/v1/teams/sessions/*/messages*', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: withReply(await response.json()) });
      });
      await page.reload();
      const canvas = page.getByRole('application', { name: 'Workflow diagram: Triage <b>leads</b>, 11 nodes' });
      await canvas.waitFor();
      for (const label of ['true', 'false', 'Sales', 'Output 1', 'Fallback', 'Input 1', 'done', 'loop']) {
        await canvas.locator('.react-flow__edge-text').getByText(label, { exact: true }).waitFor();
      }
      const model = canvas.getByRole('img', { name: 'OpenAI Chat Model to AI Agent' });
      await model.waitFor({ state: 'attached' });
      assert.match((await model.locator('path.react-flow__edge-path').getAttribute('style')) ?? '', /stroke-dasharray/);
      assert.equal(await page.getByTestId('workflow-panel').locator('b').count(), 0, 'markup in names stays text');
      const open = actions().getByRole('link', { name: 'Open in n8n' });
      assert.equal(await open.getAttribute('href'), 'https://n8n.example.com/workflow/abc123');
      assert.equal(await open.getAttribute('rel'), 'noopener noreferrer');
      await canvas.scrollIntoViewIfNeeded();
      await screenshotBothThemes(page, 'workflow-03-branches');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForFunction((s) => document.documentElement.classList.contains(s), scheme);
        await page.waitForTimeout(400);
        assert.deepEqual(await seriousViolations(page), [], `axe, ${scheme} theme`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.unroute('**/api/v1/teams/sessions/*/messages*');
    },
  );

  await t.test(
    'draws two lists compared in Compare Datasets, with its inputs and the output that goes on',
    async () => {
      // A new chat: the same page without a session.
      const fresh = new URL(page.url());
      fresh.searchParams.delete('session');
      await page.goto(fresh.toString());
      await page.getByText('Build a workflow by describing it').waitFor();
      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill(
        'Every Friday pull the members from Mailchimp and the customers from Stripe, and email me the customers who are not in Mailchimp.',
      );
      await composer.press('Enter');
      await page.waitForURL(/\?session=/);
      const canvas = page.getByRole('application', { name: /^Workflow diagram: .*, 5 nodes$/ });
      await canvas.waitFor({ timeout: 60_000 });
      await canvas.getByText('Only in the second list', { exact: true }).waitFor();
      for (const label of ['Input A', 'Input B', 'In B only'])
        await canvas.locator('.react-flow__edge-text').getByText(label, { exact: true }).waitFor();
      await page
        .getByTestId('team-message')
        .last()
        .getByText(/only in the second list go on/)
        .waitFor();
      await canvas.scrollIntoViewIfNeeded();
      await screenshotBothThemes(page, 'workflow-04-compare');
    },
  );

  await t.test('ran without a single uncaught page error or React Flow warning', () => {
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(flowWarnings, []);
  });
});
