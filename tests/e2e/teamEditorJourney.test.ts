// Team and agent editing in real Chromium against the real server: the owner edits an agent's instructions and tools
// (an MCP server from Add Tools) and sees them after a reload, the Unsaved Changes paths, a non-owner sees no edit
// buttons, a .docx is refused, and an uploaded PDF is found by the member's next chat run.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildSpa, launchBrowser, startServer, type RunningServer } from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const OWNER = 'olive@example.com';
const SECRET = 'Zebracorn budget code is 4471';

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'ats-kb-'));

/** A one-page PDF whose text layer says `text` (offsets computed, so any reader accepts it). */
function pdfWithText(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

before(async () => {
  await buildSpa();
  server = await startServer({ ADMIN_EMAILS: OWNER, ALLOW_LOCAL_SIGN_IN: 'true' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(name: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/');
  await page.waitForURL('**/login');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with Local Sign-In' }).click();
  await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
  await page.getByRole('region', { name: 'Team Members' }).waitFor();
  return page;
}

const UNSAVED = 'You have unsaved changes. What would you like to do?';

test('the team owner edits an agent and its knowledge; others cannot', async (t) => {
  const page = await signIn('Olive Owner', OWNER);
  const instructions = () =>
    page.getByRole('dialog', { name: /Edit Agent/ }).getByRole('textbox', { name: 'Instructions' });
  const openEditor = async () => {
    await page.getByRole('button', { name: 'Edit agent Workflow Architect' }).click();
    await page.getByRole('heading', { name: 'Edit Agent: Workflow Architect' }).waitFor();
  };

  await t.test('the unsaved-changes dialog: Keep Editing, Discard Changes, and Cancel closing directly', async () => {
    await openEditor();
    await instructions().fill('Draft only');
    await page.keyboard.press('Escape');
    await page.getByText(UNSAVED).waitFor();
    await page.getByRole('button', { name: 'Keep Editing' }).click();
    assert.equal(await instructions().inputValue(), 'Draft only');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard Changes' }).click();
    await page.getByRole('heading', { name: /Edit Agent/ }).waitFor({ state: 'detached' });
    await openEditor();
    assert.notEqual(await instructions().inputValue(), 'Draft only');
    await instructions().fill('Another draft');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: /Edit Agent/ }).waitFor({ state: 'detached' });
    assert.equal(await page.getByText(UNSAVED).count(), 0);
  });

  await t.test(
    'edits instructions and adds an MCP server from Add Tools, saves through Save and Exit, and sees both after a reload',
    async () => {
      await openEditor();
      await page.locator('.cm-editor').waitFor();
      await instructions().fill('Design every workflow step by step.');
      await page.getByRole('button', { name: 'Add Tools' }).click();
      const add = page.getByRole('dialog', { name: 'Add Tools' });
      await add.getByRole('textbox', { name: 'Search tools' }).fill('github');
      await add
        .getByRole('button', { name: /GitHub/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'List' }).click();
      await page
        .getByRole('list', { name: 'Tools list' })
        .getByText(/mcp: .*github/)
        .waitFor();
      await page.keyboard.press('Escape');
      await page.getByText(UNSAVED).waitFor();
      await page.getByRole('button', { name: 'Save and Exit' }).click();
      await page.getByText('Agent configuration updated successfully!').waitFor();
      await page.getByRole('heading', { name: /Edit Agent/ }).waitFor({ state: 'detached' });
      await page.reload();
      await openEditor();
      assert.equal(await instructions().inputValue(), 'Design every workflow step by step.');
      assert.match(await page.locator('.cm-content').innerText(), /"server_ids"[\s\S]*github/);
      await page.getByRole('button', { name: 'Cancel' }).click();
    },
  );

  await t.test('edits the team configuration: History Runs appears only with team history on', async () => {
    await page.getByRole('button', { name: 'Team actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Team Configuration' });
    await dialog.getByRole('heading', { name: 'Team Configuration', exact: true }).waitFor();
    assert.equal(await dialog.getByRole('spinbutton', { name: 'History Runs' }).count(), 0);
    await dialog.getByRole('switch', { name: 'Team History' }).check();
    const runs = dialog.getByRole('spinbutton', { name: 'History Runs' });
    await runs.fill('15');
    await runs.blur();
    assert.equal(await runs.inputValue(), '10');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Team configuration updated successfully!').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  await t.test('refuses a .docx and uploads a PDF into a new knowledge base for a member', async () => {
    const docx = path.join(dir, 'notes.docx');
    const pdf = path.join(dir, 'budget.pdf');
    writeFileSync(docx, 'not a pdf');
    writeFileSync(pdf, pdfWithText(SECRET));
    await page.getByRole('button', { name: 'Upload knowledge for Research Assistant' }).click();
    const dialog = page.getByRole('dialog', { name: /Upload Knowledge/ });
    await dialog.getByLabel('Knowledge file').setInputFiles(docx);
    await dialog.getByText('Only PDF and TXT files are supported').waitFor();
    await dialog.getByLabel('Knowledge file').setInputFiles(pdf);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Knowledge uploaded successfully!').first().waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  await t.test("the member's next chat run finds the uploaded text", async () => {
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('What is the Zebracorn budget code? Build a workflow that posts it to Slack.');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const reply = page.getByTestId('team-message').last();
    await reply.waitFor({ timeout: 60_000 });
    // A finished reply folds its tools under "Tools (n)".
    await reply.getByRole('button', { name: /^Tools \(\d+\)$/ }).click();
    const runs = reply.getByTestId('tool-run').filter({ hasText: 'search_knowledge_base' });
    assert.ok((await runs.count()) > 0, 'the reply lists a knowledge search');
    await runs.first().click();
    await runs.first().getByText(SECRET).first().waitFor();
  });

  await t.test('a non-owner sees no edit, delete or upload buttons', async () => {
    const other = await signIn('Nora Nonowner', 'nora@example.com');
    await other.getByText('Workflow Architect').waitFor();
    assert.equal(await other.getByRole('button', { name: /Edit agent/ }).count(), 0);
    assert.equal(await other.getByRole('button', { name: /Upload knowledge/ }).count(), 0);
    // The team menu offers a non-owner Clone Team only.
    await other.getByRole('button', { name: 'Team actions' }).click();
    await other.getByRole('menuitem', { name: 'Clone Team' }).waitFor();
    assert.equal(await other.getByRole('menuitem', { name: 'Edit Team' }).count(), 0);
    assert.equal(await other.getByRole('menuitem', { name: 'Delete Team' }).count(), 0);
    await other.keyboard.press('Escape');
  });

  await t.test('ran without a single uncaught page error', () => {
    assert.deepEqual(pageErrors, []);
  });
});
