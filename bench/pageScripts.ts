// Loads one page in a fresh headless Chromium context and totals the JavaScript it fetched until the network was idle.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface PageScripts {
  /** Gzip size of every script response, in bytes. */
  gzipBytes: number;
  files: string[];
}

export async function measureScripts(
  browser: Browser,
  url: string,
  options: { localStorage?: Record<string, string>; ready?: string } = {},
): Promise<PageScripts> {
  const context = await browser.newContext();
  if (options.localStorage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, options.localStorage);
  }
  const page = await context.newPage();
  const bodies: Array<Promise<{ file: string; gzip: number }>> = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const file = new URL(response.url()).pathname;
    bodies.push(response.body().then((body) => ({ file, gzip: gzipSync(body).length })));
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    if (options.ready) await page.getByText(options.ready).first().waitFor({ timeout: 30_000 });
    const scripts = await Promise.all(bodies);
    return { gzipBytes: scripts.reduce((sum, s) => sum + s.gzip, 0), files: scripts.map((s) => s.file) };
  } finally {
    await context.close();
  }
}
