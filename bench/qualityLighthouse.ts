// Figure 6's Lighthouse half: scores one page with Lighthouse's Node API in a Chromium that Playwright launched.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { BrowserContext } from 'playwright-core';
import { ROOT } from '../tests/e2e/harness';

/** The last report of each page and form factor, to open in the Lighthouse viewer when a score drops. */
const REPORT_DIR = path.join(ROOT, 'test-results', 'lighthouse');

export type FormFactor = 'mobile' | 'desktop';

export interface Scores {
  performance: number;
  accessibility: number;
  /** Lighthouse's own CPU speed probe: mobile scores scale CPU time by 4x, so a busy machine scores lower. */
  benchmarkIndex: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One cold load of `url`: the HTTP cache is cleared first, but local storage is kept (Lighthouse's own storage reset
 * would also drop the sign-in token the chat page needs).
 */
async function scoreOnce(context: BrowserContext, port: number, url: string, formFactor: FormFactor): Promise<Scores> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) {
    throw Object.assign(new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`), {
      code: lhr.runtimeError.code,
    });
  }
  // A signed-out chat load would be scored as the login page; refuse to report that.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl} instead of ${url}`);
  }
  mkdirSync(REPORT_DIR, { recursive: true });
  const report = `${new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? 'floor'}-${formFactor}.json`;
  writeFileSync(path.join(REPORT_DIR, report), JSON.stringify(lhr));
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** Lighthouse's own trace failures (no navigation start recorded): a flake of the tool, not a score; run again. */
const TRACE_FLAKES = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);
const MAX_ATTEMPTS = 3;

async function scoreWithRetry(
  context: BrowserContext,
  port: number,
  url: string,
  formFactor: FormFactor,
): Promise<Scores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await scoreOnce(context, port, url, formFactor);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= MAX_ATTEMPTS || !code || !TRACE_FLAKES.has(code)) throw error;
      console.error(`Lighthouse ${code} on ${url} (${formFactor}), attempt ${attempt}; running again`);
    }
  }
}

/** Median of `runs` cold loads, each category taken separately; Lighthouse varies from run to run on a busy machine. */
export async function scorePage(
  context: BrowserContext,
  port: number,
  url: string,
  formFactor: FormFactor,
  runs: number,
): Promise<Scores & { runs: Scores[] }> {
  const all: Scores[] = [];
  for (let i = 0; i < runs; i += 1) all.push(await scoreWithRetry(context, port, url, formFactor));
  return {
    performance: median(all.map((s) => s.performance)),
    accessibility: median(all.map((s) => s.accessibility)),
    benchmarkIndex: median(all.map((s) => s.benchmarkIndex)),
    runs: all,
  };
}
