// Phones in real Chromium against the real reference server: no page scrolls sideways from 320 px up, the Agent's
// Computer waits behind a link below 640 px and opens as a full-screen sheet, a finished reply shows the team's answer
// from its top with the composer in reach, fixed buttons cover no control, and the run's cost is said up front.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../../bench/qualityAxe';
import { buildSpa, launchBrowser, screenshotBothThemes, startServer, type RunningServer } from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const CHAT = `/teams/${TEAM_ID}/chat`;
const WIDTHS = [320, 360, 390, 430];
const REQUEST =
  'Every morning at 8, fetch https://example.com/report.json and post a summary to Slack; check it in the browser.';

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

before(async () => {
  await buildSpa();
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    bypassCSP: true,
  });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const composer = () => page.getByRole('textbox', { name: 'Message' });
const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Loads `path` at each phone width, waits for `ready`, and fails if the page scrolls sideways. */
async function assertNoSidewaysScroll(path: string | null, ready: () => Promise<unknown>, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    if (path) await page.goto(path);
    await ready();
    await page.waitForTimeout(200);
    const overflow = await sideways();
    assert.ok(overflow <= 0, `${name} at ${width}px scrolls sideways by ${overflow}px`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await screenshotBothThemes(page, `phone-${name}`);
}

/** Fixed elements (the admin toggle and the like) that lie over a control they do not contain. A string, so the
 * bundler's helpers (esbuild's `__name`) do not end up in the page. */
const FIXED_OVER_CONTROLS = `(() => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && s.pointerEvents !== 'none';
  };
  const fixed = [...document.querySelectorAll('body *')].filter(
    (el) => getComputedStyle(el).position === 'fixed' && visible(el) && !el.closest('[role="presentation"], [role="dialog"]'),
  );
  const controls = [...document.querySelectorAll('button, a[href], input, textarea, select, [role="button"], [role="combobox"]')].filter(
    (el) => visible(el) && !el.closest('[aria-hidden="true"]'),
  );
  const hits = [];
  for (const f of fixed) {
    const a = f.getBoundingClientRect();
    for (const c of controls) {
      if (f.contains(c) || c.contains(f)) continue;
      const b = c.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
        hits.push((f.getAttribute('aria-label') || f.className) + ' over ' + (c.getAttribute('aria-label') || (c.textContent || '').trim().slice(0, 40)));
      }
    }
  }
  return hits;
})()`;

const fixedOverControls = () => page.evaluate<string[]>(FIXED_OVER_CONTROLS);

async function assertNothingCovered(where: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    assert.deepEqual(await fixedOverControls(), [], `${where} at ${width}px`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('the product on a phone', async (t) => {
  await t.test('the login page fits every phone width', async () => {
    await assertNoSidewaysScroll('/login', () => page.getByRole('heading', { name: 'Sign In' }).waitFor(), 'login');
  });

  await t.test('signs in (the first account is an admin) and the empty chat says what a run costs', async () => {
    await page.getByLabel('Name').fill('Pia Phone');
    await page.getByLabel('Email').fill('pia@example.com');
    await page.getByRole('button', { name: 'Continue with Local Sign-In' }).click();
    await page.waitForURL(`**${CHAT}`);
    await page.getByText('Each run costs 5 credits plus 1 per tool call.').waitFor();
    assert.equal(
      await page.getByRole('complementary', { name: 'Team sidebar' }).count(),
      0,
      'the sidebar starts closed below 640 px',
    );
  });

  await t.test('the empty team chat fits every phone width', async () => {
    await assertNoSidewaysScroll(
      CHAT,
      () => page.getByText('Build a workflow by describing it').waitFor(),
      'chat-empty',
    );
  });

  await t.test('the sidebar opens over the chat, not beside it', async () => {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Team sidebar' });
    await sidebar.waitFor();
    // The overlay hides the page behind it from the accessibility tree, so the composer is found by its element.
    const composerBox = (await page.locator('textarea[aria-label="Message"]').boundingBox())!;
    assert.ok(composerBox.width > 250, `the composer keeps its width under the overlay: ${composerBox.width}px`);
    await screenshotBothThemes(page, 'phone-sidebar-overlay');
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'detached' });
  });

  await t.test(
    'after a reply the answer shows from its top, the computer waits behind a link, the composer is in reach',
    async () => {
      await composer().fill(REQUEST);
      await composer().press('Enter');
      const reply = page.getByTestId('team-message').last();
      await reply.waitFor({ timeout: 60_000 });
      await page.waitForURL(/\?session=/);
      // Long enough for the reply's lazily loaded diagram to arrive and change its height.
      await page.waitForTimeout(1500);
      const watch = page.getByRole('button', { name: "Watch the agent's computer" });
      await watch.waitFor();
      assert.equal(await page.getByTitle("Agent's Computer").count(), 0, 'the computer did not open by itself');
      const answer = (await reply.locator('p, h1, h2, h3, li').first().boundingBox())!;
      const list = (await page.getByTestId('message-list').boundingBox())!;
      assert.ok(
        answer.y >= list.y - 1 && answer.y < list.y + list.height,
        `the answer starts inside the list: ${JSON.stringify({ answer, list })}`,
      );
      assert.equal(await reply.getByRole('button', { name: /^Tools \(\d+\)$/ }).getAttribute('aria-expanded'), 'false');
      assert.equal(
        await reply.getByRole('button', { name: /^Member responses \(\d+\)$/ }).getAttribute('aria-expanded'),
        'false',
      );
      const box = (await composer().boundingBox())!;
      assert.ok(box.y + box.height <= 844, `the composer is on screen: ${JSON.stringify(box)}`);
      await screenshotBothThemes(page, 'phone-chat-reply');
    },
  );

  await t.test('the team chat with a reply fits every phone width', async () => {
    await assertNoSidewaysScroll(null, () => page.getByTestId('team-message').last().waitFor(), 'chat-reply');
  });

  await t.test(
    "the Agent's Computer opens as a full-screen sheet when asked, with a way back to the chat",
    async () => {
      await page.getByRole('button', { name: "Watch the agent's computer" }).click();
      const sheet = page.getByRole('dialog', { name: "Agent's Computer" });
      await sheet.waitFor();
      const box = (await sheet.boundingBox())!;
      assert.ok(box.width >= 389 && box.height >= 840, `the sheet fills the screen: ${JSON.stringify(box)}`);
      await screenshotBothThemes(page, 'phone-computer-sheet');
      await sheet.getByRole('button', { name: 'Back to chat' }).click();
      await sheet.waitFor({ state: 'detached' });
      await composer().waitFor();
    },
  );

  await t.test(
    'on a desktop the computer opens beside the chat, and moves behind the link when the window narrows',
    async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await composer().fill('make it 9am instead');
      await composer().press('Enter');
      const panel = page.getByRole('complementary', { name: "Agent's Computer" });
      await panel.waitFor({ timeout: 60_000 });
      await page.getByTestId('live-reply').waitFor({ state: 'detached', timeout: 60_000 });
      await page.setViewportSize({ width: 600, height: 844 });
      await page.getByRole('button', { name: "Watch the agent's computer" }).waitFor();
      assert.equal(await panel.count(), 0);
      await page.setViewportSize({ width: 390, height: 844 });
    },
  );

  await t.test('the admin-mode button covers no control on the chat, the profile and the payment page', async () => {
    await page.goto(CHAT);
    await page.getByText('Build a workflow by describing it').waitFor();
    await page.getByRole('button', { name: 'Admin mode' }).waitFor();
    await assertNothingCovered('team chat');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await assertNothingCovered('profile');
    await page.goto('/payment');
    await page.getByRole('heading', { name: 'Manage Credits' }).waitFor();
    await assertNothingCovered('payment');
  });

  await t.test('the profile and the payment page fit every phone width', async () => {
    await assertNoSidewaysScroll('/profile', () => page.getByRole('button', { name: 'Sign Out' }).waitFor(), 'profile');
    await assertNoSidewaysScroll(
      '/payment',
      () => page.getByRole('button', { name: 'Subscribe Now' }).waitFor(),
      'payment',
    );
    // Each plan's price stays inside its card, under the description rather than beside a squeezed one.
    await page.setViewportSize({ width: 320, height: 844 });
    for (const card of await page
      .getByRole('radiogroup', { name: 'Subscription plans' })
      .locator('.MuiPaper-root')
      .all()) {
      const box = (await card.boundingBox())!;
      const price = (await card.getByText(/ \/ month$/).boundingBox())!;
      assert.ok(
        price.x >= box.x && price.x + price.width <= box.x + box.width,
        `price ${JSON.stringify(price)} inside ${JSON.stringify(box)}`,
      );
    }
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await t.test('buttons keep readable contrast in the dark theme (axe)', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.waitForTimeout(400);
    const contrast = (await seriousViolations(page)).filter((v) => v.id === 'color-contrast');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(contrast, []);
  });

  await t.test('ran without a single uncaught page error', () => {
    assert.deepEqual(pageErrors, []);
  });
});
