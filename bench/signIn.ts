// Signs in through the real login page once and returns the token, so measured pages can start signed in.
import type { Browser } from 'playwright-core';

export const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';

export async function signInToken(browser: Browser, url: string): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.goto(`${url}/login`);
    await page.getByLabel('Name').fill('Bench User');
    await page.getByLabel('Email').fill('bench@example.com');
    await page.getByRole('button', { name: 'Continue with Local Sign-In' }).click();
    await page.waitForURL(`**/teams/${TEAM_ID}/chat`);
    return (await page.evaluate(() => localStorage.getItem('token')))!;
  } finally {
    await page.close();
  }
}
