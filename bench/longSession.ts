// Figure 3: a stored session of 5,000 messages opened in the built app in headless Chromium, against a session of one
// page (100 messages) measured the same way: time from the data's arrival to the first messages painted, message rows
// in the DOM, and frame times while scrolling from the first message to the last. The session's messages are served
// by an in-browser route that honours limit and skip like the reference server, so only the app's work is measured.
import type { Browser, Route } from 'playwright-core';
import { buildSpa, launchBrowser, startServer } from '../tests/e2e/harness';
import type { StoredMessage } from '../contract/types';
import { percentile, round, type Figure } from '../server/bench/figure.ts';
import { storedSession } from './historySession.ts';
import { longSessionPageScript } from './longSessionPage.ts';
import { signInToken, TEAM_ID } from './signIn.ts';

const MESSAGES = Number(process.env.BENCH_LONG_MESSAGES ?? 5_000);
const BASELINE_MESSAGES = 100;
const SESSION_ID = '6650f0c2a1b2c3d4e5f6cc01';
/** Viewports scrolled per animation frame: a fast fling, every frame showing rows not rendered before. */
const SCROLL_STEP = 1;

interface Opened {
  firstVisibleMs: number;
  maxRows: number;
  toTop: { rounds: number; ms: number; longTasks: number[] };
  toBottom: { frames: number[]; longTasks: number[] };
}

/** Answers the session's messages as the reference server does: the newest `limit` after skipping `skip`. */
function serveMessages(stored: StoredMessage[], whole: boolean) {
  return (route: Route) => {
    const params = new URL(route.request().url()).searchParams;
    const limit = Number(params.get('limit') ?? 100);
    const skip = Number(params.get('skip') ?? params.get('offset') ?? 0);
    const end = Math.max(0, stored.length - skip);
    const messages = whole ? stored : stored.slice(Math.max(0, end - limit), end);
    const session = {
      session_id: SESSION_ID,
      session_name: 'Long session',
      team_id: TEAM_ID,
      created_at: '2026-01-01T00:00:00Z',
      last_updated: '2026-01-02T00:00:00Z',
    };
    return route.fulfill({ json: { data: { session, team_context: {}, messages, total: stored.length } } });
  };
}

async function open(
  browser: Browser,
  url: string,
  token: string,
  stored: StoredMessage[],
  whole = false,
): Promise<Opened> {
  // bypassCSP: Playwright evaluates the waiting predicate in the page, which the site's policy (no 'unsafe-eval') refuses.
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  await context.addInitScript(longSessionPageScript());
  await context.route(`**/api/v1/teams/sessions/${SESSION_ID}/messages*`, serveMessages(stored, whole));
  const page = await context.newPage();
  try {
    await page.goto(`/teams/${TEAM_ID}/chat?session=${SESSION_ID}`);
    await page.waitForFunction('window.__long.visibleAt > 0 && window.__long.dataAt > 0', undefined, {
      timeout: 60_000,
    });
    const firstVisibleMs = (await page.evaluate('window.__long.visibleAt - window.__long.dataAt')) as number;
    // Let the opening settle (rows measured, scrolled to the newest) before scrolling up.
    await page.waitForTimeout(500);
    const toTop = (await page.evaluate(
      `window.__long.toTop(${JSON.stringify(stored[0]!.content)}, 200)`,
    )) as Opened['toTop'];
    const toBottom = (await page.evaluate(`window.__long.toBottom(${SCROLL_STEP})`)) as Opened['toBottom'];
    const maxRows = (await page.evaluate('window.__long.maxRows')) as number;
    return { firstVisibleMs, maxRows, toTop, toBottom };
  } finally {
    await context.close();
  }
}

const longest = (values: number[]) => Math.max(0, ...values);

export async function longSessionBench(): Promise<Figure[]> {
  await buildSpa();
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const token = await signInToken(browser, server.url);
    const stored = storedSession(MESSAGES);
    const small = storedSession(BASELINE_MESSAGES);
    // A warm-up opening, so neither measured one pays for the first compile of the chat's code.
    await open(browser, server.url, token, small);
    const baseline = await open(browser, server.url, token, small);
    const paged = await open(browser, server.url, token, stored);
    const whole = await open(browser, server.url, token, stored, true);
    const frames = paged.toBottom.frames;
    const baseFrames = baseline.toBottom.frames;
    const against = `one-page session (${BASELINE_MESSAGES} messages)`;
    return [
      {
        name: 'long_session.first_messages_visible',
        value: round(paged.firstVisibleMs),
        unit: 'ms',
        comparison: {
          against,
          value: round(baseline.firstVisibleMs),
          target: `under 500 ms after the data arrives (${MESSAGES} stored messages, newest page first)`,
        },
      },
      {
        name: 'long_session.first_messages_visible_whole_session',
        value: round(whole.firstVisibleMs),
        unit: 'ms',
        comparison: {
          against,
          value: round(baseline.firstVisibleMs),
          target: `under 500 ms after all ${MESSAGES} messages arrive in one response`,
        },
      },
      {
        name: 'long_session.max_message_nodes',
        value: Math.max(paged.maxRows, whole.maxRows),
        unit: 'rows',
        comparison: {
          against: 'stored messages in the session',
          value: MESSAGES,
          target: 'under 1,500 message nodes at any time',
        },
      },
      {
        name: 'long_session.scroll_longest_frame',
        value: round(longest(frames)),
        unit: 'ms',
        comparison: {
          against,
          value: round(longest(baseFrames)),
          target: `every frame under 50 ms scrolling first to last message, ${SCROLL_STEP} viewport per frame (${frames.length} frames, p50 ${round(percentile(frames, 50))} ms, p99 ${round(percentile(frames, 99))} ms, ${frames.filter((f) => f >= 50).length} at 50 ms or more; longest task ${round(longest(paged.toBottom.longTasks))} ms)`,
        },
      },
      {
        name: 'long_session.earlier_pages_longest_task',
        value: round(longest(paged.toTop.longTasks)),
        unit: 'ms',
        comparison: {
          against,
          value: round(longest(baseline.toTop.longTasks)),
          target: `scrolling to the top ${paged.toTop.rounds} times loads the ${Math.ceil(MESSAGES / 100) - 1} earlier pages in ${round(paged.toTop.ms / 1000, 1)} s`,
        },
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
