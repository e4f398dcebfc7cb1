// Dialogs opened from the sidebar outlive layout changes, in real Chromium: with Edit Team Configuration, Edit Agent,
// Upload Knowledge or Rename session open and text typed (or a Delete session, Clone Team or Delete Team confirmation
// open), the window crosses 640 px both ways (a desktop window narrowed and widened, a phone rotated) and the dialog
// is still open with the text in it; closing the team and agent editors still asks about the unsaved changes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { buildSpa, launchBrowser, startServer, type RunningServer } from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const OWNER = 'rita@example.com';
const UNSAVED = 'You have unsaved changes. What would you like to do?';
const DESKTOP = { width: 1280, height: 900 };
const NARROW = { width: 600, height: 900 };
const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];

before(async () => {
  await buildSpa();
  server = await startServer({ ADMIN_EMAILS: OWNER, ALLOW_LOCAL_SIGN_IN: 'true' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(viewport: { width: number; height: number }, touch: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/login');
  await page.getByLabel('Name').fill('Rita Rotate');
  await page.getByLabel('Email').fill(OWNER);
  await page.getByRole('button', { name: 'Continue with Local Sign-In' }).click();
  await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
  return page;
}

/** Opens the sidebar when it is closed (it starts closed below 640 px). */
async function showSidebar(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('region', { name: 'Team Members' }).waitFor();
}

interface DialogCase {
  name: string;
  title: RegExp;
  open(page: Page): Promise<void>;
  /** The text field typed into; confirmations have none. */
  field?: string;
  unsavedPrompt: boolean;
}

async function sessionAction(page: Page, action: 'Rename' | 'Delete'): Promise<void> {
  await page.getByRole('button', { name: /^Session actions for / }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function teamAction(page: Page, action: 'Clone Team' | 'Delete Team'): Promise<void> {
  await page.getByRole('button', { name: 'Team actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

const CASES: DialogCase[] = [
  {
    name: 'Edit Team Configuration',
    title: /Edit Team Configuration/,
    async open(page) {
      await page.getByRole('button', { name: 'Team actions' }).click();
      await page.getByRole('menuitem', { name: 'Edit Team' }).click();
    },
    field: 'Description',
    unsavedPrompt: true,
  },
  {
    name: 'Edit Agent',
    title: /Edit Agent: Workflow Architect/,
    async open(page) {
      await page.getByRole('button', { name: 'Edit agent Workflow Architect' }).click();
    },
    field: 'Instructions',
    unsavedPrompt: true,
  },
  {
    name: 'Upload Knowledge',
    title: /Upload Knowledge for Workflow Architect/,
    async open(page) {
      await page.getByRole('button', { name: 'Upload knowledge for Workflow Architect' }).click();
    },
    field: 'Description',
    unsavedPrompt: false,
  },
  {
    name: 'Rename session',
    title: /Rename session/,
    open: (page) => sessionAction(page, 'Rename'),
    field: 'Session name',
    unsavedPrompt: false,
  },
  {
    name: 'Delete session',
    title: /Delete session/,
    open: (page) => sessionAction(page, 'Delete'),
    unsavedPrompt: false,
  },
  { name: 'Clone Team', title: /Clone Team/, open: (page) => teamAction(page, 'Clone Team'), unsavedPrompt: false },
  { name: 'Delete Team', title: /Delete Team/, open: (page) => teamAction(page, 'Delete Team'), unsavedPrompt: false },
];

async function assertSurvives(
  page: Page,
  c: DialogCase,
  start: { width: number; height: number },
  layouts: Array<{ width: number; height: number }>,
): Promise<void> {
  await page.setViewportSize(start);
  await showSidebar(page);
  await c.open(page);
  const dialog = page.getByRole('dialog', { name: c.title });
  await dialog.waitFor();
  const typed = `Typed before the ${c.name} layout change ✓`;
  const field = c.field ? dialog.getByRole('textbox', { name: c.field, exact: true }) : null;
  await field?.fill(typed);
  for (const layout of layouts) {
    await page.setViewportSize(layout);
    await page.waitForTimeout(400);
    // For a moment after the window narrows the sidebar still shows, as an overlay that hides what is behind it from
    // assistive technology (the dialog too) until it closes; a busy machine may take longer than the wait above.
    const shown = await dialog
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    assert.ok(shown, `${c.name} is still open at ${layout.width}×${layout.height}`);
    assert.equal(await dialog.count(), 1, `${c.name} shows once at ${layout.width}×${layout.height}`);
    if (field) {
      assert.equal(
        await field.inputValue(),
        typed,
        `${c.name} keeps what was typed at ${layout.width}×${layout.height}`,
      );
    }
  }
  await page.keyboard.press('Escape');
  if (c.unsavedPrompt) {
    await page.getByText(UNSAVED).waitFor();
    await page.getByRole('button', { name: 'Discard Changes' }).click();
  }
  await dialog.waitFor({ state: 'detached' });
}

test('dialogs opened from the sidebar survive crossing 640 px', async (t) => {
  const desktop = await signIn(DESKTOP, false);
  // A conversation, so that Recent Sessions (and its rename and delete) shows.
  const composer = desktop.getByRole('textbox', { name: 'Message' });
  await composer.fill('Every morning at 8 send me a Slack message with the weather.');
  await composer.press('Enter');
  await desktop.getByTestId('team-message').first().waitFor({ timeout: 60_000 });
  await desktop.getByRole('region', { name: 'Recent Sessions' }).waitFor();
  for (const c of CASES) {
    await t.test(`${c.name}: a desktop window narrowed below 640 px and widened again`, async () => {
      await assertSurvives(desktop, c, DESKTOP, [NARROW, DESKTOP]);
    });
  }
  await desktop.context().close();

  const phone = await signIn(PORTRAIT, true);
  for (const c of CASES) {
    await t.test(`${c.name}: a phone rotated to landscape and back`, async () => {
      await assertSurvives(phone, c, PORTRAIT, [LANDSCAPE, PORTRAIT]);
    });
  }
  await phone.context().close();

  await t.test('no page errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
