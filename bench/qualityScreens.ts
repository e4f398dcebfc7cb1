// Figure 6's screen walk: every screen of SPEC §2 (and the chat's edit dialogs), checked by axe in both themes.
import type { Page } from 'playwright-core';
import { seriousViolations, type AxeFinding } from './qualityAxe.ts';
import { TEAM_ID } from './signIn.ts';

export interface ScreenResult {
  screen: string;
  theme: 'light' | 'dark';
  violations: AxeFinding[];
}

interface Screen {
  name: string;
  /** Brings the page to the screen; the page is signed in unless the screen says otherwise. */
  open(page: Page, url: string): Promise<void>;
  /** Leaves the screen (closes a dialog) so the next one starts from the chat page. */
  close?(page: Page): Promise<void>;
}

const CHAT = `/teams/${TEAM_ID}/chat`;

async function visit(page: Page, url: string, path: string): Promise<void> {
  await page.goto(`${url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function openChat(page: Page, url: string): Promise<void> {
  if (!page.url().includes(CHAT)) await page.goto(`${url}${CHAT}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  // The sidebar remembers being closed (a narrow Lighthouse run closes it); these screens check it open.
  if ((await page.getByRole('complementary', { name: 'Team sidebar' }).count()) === 0) {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  }
  await page.getByRole('region', { name: 'Team Members' }).waitFor();
  await page.waitForLoadState('networkidle');
}

const closeDialog = (name: RegExp | string) => async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name }).waitFor({ state: 'detached' });
};

export const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'login', open: (page, url) => visit(page, url, '/login') },
  { name: 'privacy-policy', open: (page, url) => visit(page, url, '/legal/privacy-policy') },
  { name: 'europe-privacy-policy', open: (page, url) => visit(page, url, '/legal/europe-privacy-policy') },
];

export const SIGNED_IN_SCREENS: Screen[] = [
  { name: 'profile', open: (page, url) => visit(page, url, '/profile') },
  { name: 'payment', open: (page, url) => visit(page, url, '/payment') },
  { name: 'payment-success', open: (page, url) => visit(page, url, '/payment/success') },
  { name: 'payment-cancel', open: (page, url) => visit(page, url, '/payment/cancel') },
  {
    name: 'team-chat-empty',
    open: async (page, url) => {
      await page.goto(`${url}${CHAT}`);
      await page.getByText('Build a workflow by describing it').waitFor();
      await openChat(page, url);
    },
  },
  {
    name: 'edit-team-dialog',
    open: async (page, url) => {
      await openChat(page, url);
      await page.getByRole('button', { name: 'Team actions' }).click();
      await page.getByRole('menuitem', { name: 'Edit Team' }).click();
      await page
        .getByRole('dialog', { name: 'Edit Team Configuration' })
        .getByRole('heading', { name: 'Team Configuration', exact: true })
        .waitFor();
    },
    close: closeDialog('Edit Team Configuration'),
  },
  {
    name: 'edit-agent-dialog',
    open: async (page, url) => {
      await openChat(page, url);
      await page.getByRole('button', { name: 'Edit agent Workflow Architect' }).click();
      await page.getByRole('heading', { name: 'Edit Agent: Workflow Architect' }).waitFor();
      await page.locator('.cm-editor').waitFor();
    },
    close: closeDialog(/Edit Agent/),
  },
  {
    name: 'knowledge-upload-dialog',
    open: async (page, url) => {
      await openChat(page, url);
      await page.getByRole('button', { name: 'Upload knowledge for Research Assistant' }).click();
      await page.getByRole('dialog', { name: /Upload Knowledge/ }).waitFor();
    },
    close: closeDialog(/Upload Knowledge/),
  },
  {
    name: 'mobile-menu',
    open: async (page, url) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await visit(page, url, '/profile');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Manage Credits' }).waitFor();
    },
    close: async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: 'Manage Credits' }).waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1400, height: 900 });
    },
  },
  {
    name: 'team-chat-with-reply',
    open: async (page, url) => {
      await openChat(page, url);
      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill('Every morning at 8, post the weather forecast to Slack.');
      await composer.press('Enter');
      const reply = page.getByTestId('team-message').last();
      await reply.getByRole('button', { name: 'Copy reply' }).waitFor({ timeout: 90_000 });
      // The reply's diagram is a chunk of its own: axe must see it drawn, not its loading state.
      await reply.getByLabel(/^Workflow diagram:/).waitFor({ timeout: 30_000 });
      await page.getByLabel('Loading the workflow diagram').waitFor({ state: 'detached' });
    },
  },
];

/** Opens each screen and runs axe in the light and the dark theme (the app follows the OS scheme on "system"). */
export async function checkScreens(page: Page, url: string, screens: Screen[]): Promise<ScreenResult[]> {
  const results: ScreenResult[] = [];
  for (const screen of screens) {
    await screen.open(page, url);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
      // MUI animates colour changes; axe must see the settled colours.
      await page.waitForTimeout(400);
      results.push({ screen: screen.name, theme, violations: await seriousViolations(page) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await screen.close?.(page);
  }
  return results;
}
