// A newcomer's account journey in real Chromium against the real reference server: sign-in, balance, subscription
// through the local checkout, a credit package, cancellation, a credential, the theme and sign-out.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  buildSpa,
  launchBrowser,
  ROOT,
  screenshotBothThemes,
  SCREENSHOT_DIR,
  startServer,
  type RunningServer,
} from './harness';

const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const billing = JSON.parse(readFileSync(path.join(ROOT, 'server/config/billing.json'), 'utf8')) as {
  plans: Record<string, { name: string; credits_per_cycle: number }>;
  packages: Array<{ id: string; name: string; credits: number }>;
};
const firstPlan = Object.values(billing.plans)[0]!;
const firstPackage = billing.packages[0]!;
const FREE_CREDITS = 100;
const fmt = (n: number) => n.toLocaleString('en-US');

let server: RunningServer;
let browser: Browser;
let page: Page;

before(async () => {
  await buildSpa();
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const badge = () => page.getByTestId('credits-badge');

async function payAtLocalCheckout(): Promise<void> {
  await page.waitForURL(/\/checkout\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/payment/success');
}

test('a newcomer manages their account from sign-in to sign-out', async (t) => {
  await t.test('signs in through the local identity provider', async () => {
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await screenshotBothThemes(page, '01-login');
    // By keyboard only: Name, Tab to Email, Tab to the button, which shows a focus ring, Enter.
    await page.getByLabel('Name').focus();
    await page.keyboard.type('Nina Newcomer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('nina@example.com');
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: 'Continue with Local Sign-In' });
    assert.equal(await button.evaluate((el) => el === document.activeElement), true);
    assert.notEqual(await button.evaluate((el) => getComputedStyle(el).outlineStyle), 'none', 'focus is visible');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
    assert.ok(await page.evaluate(() => localStorage.getItem('token')));
  });

  await t.test('sees the free balance in the header and on the profile', async () => {
    await assertText(badge(), fmt(FREE_CREDITS));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await assertText(page.getByTestId('profile-balance'), fmt(FREE_CREDITS));
    await page
      .getByText('No transactions found')
      .or(page.getByRole('list', { name: 'Transactions' }))
      .first()
      .waitFor();
    await screenshotBothThemes(page, '02-profile');
    const header = page.getByRole('banner');
    assert.equal(await header.getAttribute('data-scrolled'), 'false');
    await page.mouse.wheel(0, 200);
    await page.waitForFunction(() => document.querySelector('header')?.getAttribute('data-scrolled') === 'true');
    assert.match(await header.evaluate((el) => getComputedStyle(el).backdropFilter), /blur/);
    await page.mouse.wheel(0, -400);
  });

  const afterPlan = FREE_CREDITS + firstPlan.credits_per_cycle;
  await t.test('subscribes through the local checkout and lands on /payment/success with the new balance', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage Credits' }).click();
    await page.waitForURL('**/payment');
    const first = page.getByRole('radio', { name: new RegExp(firstPlan.name) });
    await first.waitFor();
    assert.equal(await first.isChecked(), true);
    assert.equal(
      await page.getByRole('button', { name: 'Proceed to Payment' }).count(),
      0,
      'packages are for subscribers only',
    );
    await screenshotBothThemes(page, '03-payment-plans');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL(/\/checkout\//);
    // The server's own checkout page has one look.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, '04-local-checkout.png'), fullPage: true });
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment/success');
    await assertText(page.getByTestId('success-balance'), fmt(afterPlan));
    await screenshotBothThemes(page, '05-payment-success');
  });

  const afterPackage = afterPlan + firstPackage.credits;
  await t.test('abandons a package checkout, then buys it', async () => {
    await page.getByRole('link', { name: 'Buy More Credits' }).click();
    await page.waitForURL('**/payment');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/payment/cancel');
    await page.getByText('Your payment was cancelled and you have not been charged.').waitFor();
    await screenshotBothThemes(page, '06-payment-cancel');
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL('**/payment');
    assert.equal(await page.getByRole('radio', { name: new RegExp(firstPackage.name) }).isChecked(), true);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await payAtLocalCheckout();
    await assertText(page.getByTestId('success-balance'), fmt(afterPackage));
    await assertText(badge(), fmt(afterPackage));
  });

  await t.test('cancels the subscription and sees "Subscription Canceled" with the end date', async () => {
    await page.goto('/payment');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('button', { name: 'Confirm Cancellation' });
    assert.equal(await confirm.isDisabled(), true);
    await page.getByRole('radio', { name: 'Too expensive' }).check();
    await confirm.click();
    await page.getByRole('heading', { name: 'Subscription Canceled' }).waitFor();
    const panel = await page.getByRole('region', { name: 'Subscription Canceled' }).innerText();
    assert.match(panel, /stays active until [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await screenshotBothThemes(page, '07-subscription-canceled');
  });

  await t.test('saves and deletes a credential on the profile', async () => {
    await page.goto('/profile');
    await page.getByRole('combobox', { name: 'Tool server' }).click();
    await page.getByRole('option', { name: 'GitHub' }).click();
    await page.getByRole('button', { name: 'Add Credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'GitHub credentials' });
    const token = dialog.getByLabel(/Personal Access Token/);
    assert.equal(await token.getAttribute('type'), 'password');
    await token.fill('github_pat_e2e_secret_1234');
    await screenshotBothThemes(page, '08-credential-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const card = page.getByRole('article', { name: 'GitHub credentials' });
    await card.waitFor();
    assert.doesNotMatch(await card.innerText(), /github_pat_e2e_secret_1234/, 'the saved secret is not shown back');
    await page.getByRole('list', { name: 'Transactions' }).waitFor();
    await screenshotBothThemes(page, '09-profile-with-credential');

    await card.getByRole('button', { name: 'Delete GitHub credentials' }).click();
    await page.getByRole('dialog', { name: 'Delete Credential' }).getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
  });

  await t.test('switches the theme from the header menu', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, '10-profile-dark-chosen.png'), fullPage: true });
  });

  await t.test('uses the collapsible menu on a phone-sized screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Manage Credits' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, '11-mobile-menu-dark.png') });
    await page.getByRole('menuitem', { name: 'Manage Credits' }).click();
    await page.waitForURL('**/payment');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  await t.test('signs out', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    const { pathname, search } = new URL(page.url());
    assert.equal(`${pathname}${search}`, '/login', 'a deliberate sign-out lands on the plain login page');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.goto('/profile');
    await page.waitForURL(/\/login\?return=%2Fprofile/);
  });
});

async function assertText(locator: ReturnType<Page['getByTestId']>, expected: string): Promise<void> {
  await locator
    .filter({ hasText: expected })
    .waitFor()
    .catch(async () => {
      assert.fail(`expected "${expected}", saw "${await locator.innerText().catch(() => '?')}"`);
    });
}
