// Figure 1: a 20,000-delta run through the built app's real middleware, reducers and chat list in headless Chromium,
// against a naive baseline of the same app whose text flush runs after every frame instead of once per animation frame.
// The frames come from an in-page socket (bench/streamPage.ts), so only the app's own work is measured.
import type { Browser } from 'playwright-core';
import { buildSpa, launchBrowser, startServer } from '../tests/e2e/harness';
import { round, type Figure } from '../server/bench/figure.ts';
import { streamRun, type StreamRun } from './streamRun.ts';
import { signInToken, TEAM_ID } from './signIn.ts';
import { streamPageScript } from './streamPage.ts';

interface Measured {
  commits: number;
  animationFrames: number;
  longestTaskMs: number;
  scriptingMs: number;
  textMatches: boolean;
}

async function measure(
  browser: Browser,
  url: string,
  token: string,
  run: StreamRun,
  naive: boolean,
  devTools = false,
): Promise<Measured & { devToolsMessages: number }> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], baseURL: url });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  // The Redux DevTools extension as the app meets it: `connect`, with each message serialized as the extension's
  // content script does before posting it (JSON text of the action and the state).
  if (devTools) await context.addInitScript({ content: fakeDevToolsExtension });
  await context.addInitScript(streamPageScript(run.frames, naive));
  const page = await context.newPage();
  try {
    await page.goto(`/teams/${TEAM_ID}/chat`);
    await page.getByText('Build a workflow by describing it').waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const scripting = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')!.value * 1000;
    await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { commits: number; frames: number; longTasks: number[] } })
        .__bench;
      bench.commits = 0;
      bench.frames = 0;
      bench.longTasks = [];
    });
    const scriptingBefore = await scripting();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Benchmark the stream');
    await composer.press('Enter');
    const reply = page.getByTestId('team-message').last();
    await reply.getByRole('button', { name: 'Copy reply' }).waitFor({ timeout: 300_000 });
    const scriptingMs = (await scripting()) - scriptingBefore;
    const bench = await page.evaluate(
      () => (window as unknown as { __bench: { commits: number; frames: number; longTasks: number[] } }).__bench,
    );
    await reply.getByRole('button', { name: 'Copy reply' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    return {
      commits: bench.commits,
      animationFrames: bench.frames,
      longestTaskMs: Math.max(0, ...bench.longTasks),
      scriptingMs,
      textMatches: copied.trim() === run.text,
      devToolsMessages: await page.evaluate(
        () => (window as unknown as { __devToolsMessages?: number }).__devToolsMessages ?? 0,
      ),
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page before the app: a stand-in for the extension's connect API that serializes what it is sent. Text,
 * not a function: tsx would wrap a function's inner arrows in a helper the page does not have.
 */
const fakeDevToolsExtension = `
  window.__devToolsMessages = 0;
  const post = (message) => {
    if (JSON.stringify(message).length > 0) window.__devToolsMessages += 1;
  };
  window.__REDUX_DEVTOOLS_EXTENSION__ = {
    connect: () => ({
      init: (state) => post({ type: 'INIT', state }),
      send: (action, state) => post({ type: 'ACTION', action, state }),
      subscribe: () => () => undefined,
    }),
  };
`;

export async function streamPipelineBench(): Promise<Figure[]> {
  await buildSpa();
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const run = streamRun();
    const token = await signInToken(browser, server.url);
    const coalesced = await measure(browser, server.url, token, run, false);
    const naive = await measure(browser, server.url, token, run, true);
    const withDevTools = await measure(browser, server.url, token, run, false, true);
    const alone = await measure(browser, server.url, token, run, false);
    const without = Math.min(coalesced.scriptingMs, alone.scriptingMs);
    return [
      {
        name: 'stream.react_commits',
        value: coalesced.commits,
        unit: 'commits',
        comparison: {
          against: `naive baseline (flush after every frame; ${run.frames.length} frames)`,
          value: naive.commits,
          target: `at least 50x fewer (${round(naive.commits / Math.max(1, coalesced.commits))}x) and bounded by the ${coalesced.animationFrames} animation frames elapsed`,
        },
      },
      {
        name: 'stream.scripting_time',
        value: round(coalesced.scriptingMs),
        unit: 'ms',
        comparison: { against: 'naive baseline', value: round(naive.scriptingMs) },
      },
      {
        name: 'stream.longest_task',
        value: round(coalesced.longestTaskMs),
        unit: 'ms',
        comparison: { against: 'naive baseline', value: round(naive.longestTaskMs), target: 'no long task over 50 ms' },
      },
      {
        name: 'stream.scripting_time_with_devtools',
        value: round(withDevTools.scriptingMs),
        unit: 'ms',
        comparison: {
          against: `the same run without DevTools (best of two; ${withDevTools.devToolsMessages} messages to the extension)`,
          value: round(without),
          target: `within 1.2x (${round(withDevTools.scriptingMs / Math.max(1, without))}x); text identical: ${withDevTools.textMatches}`,
        },
      },
      {
        name: 'stream.final_text_identical',
        value: coalesced.textMatches ? 1 : 0,
        unit: 'bool',
        comparison: { against: 'naive baseline', value: naive.textMatches ? 1 : 0, target: '1' },
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
