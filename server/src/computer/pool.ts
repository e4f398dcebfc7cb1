// The Agent's Computer pool of one server instance: one Chromium (launched on first use), one browser context per
// run up to a cap, contexts closed when their run ends or sits idle, and each run's Screen kept for its viewers.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { EgressProxy } from './egress.ts';
import { Screen } from './screen.ts';
import { BrowserSession } from './session.ts';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** A finished run's last screen stays this long for its viewers. */
const KEEP_FINISHED_MS = 30 * 60 * 1000;
const SWEEP_MS = 5_000;

export interface PoolOptions {
  /** CHROMIUM_PATH as configured: undefined looks for the default path, '' turns the browser off. */
  chromiumPath: string | undefined;
  maxContexts: number;
  idleMs: number;
  pageTimeoutMs: number;
  allowPrivate: boolean;
  pageHeapMb: number;
}

/** Every context is in use and none came free in time. */
export class ComputerBusyError extends Error {}

function chromiumPathOf(configured: string | undefined): string | null {
  if (configured === undefined) return existsSync(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : null;
  const trimmed = configured.trim();
  return trimmed && existsSync(trimmed) ? trimmed : null;
}

export class ComputerPool {
  /** This server as its own browser reaches it (set once it listens): the workflow view lives there. */
  selfOrigin: string | null = null;
  private readonly executablePath: string | null;
  private browser: Promise<Browser> | null = null;
  private proxy: Promise<EgressProxy> | null = null;
  /** Paths of this server the open runs' browsers may load (their workflow views). */
  private readonly selfPaths = new Map<string, string[]>();
  private readonly screens = new Map<string, Screen>();
  private readonly sessions = new Map<string, Promise<BrowserSession>>();
  private readonly ended = new Set<string>();
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly options: PoolOptions) {
    this.executablePath = chromiumPathOf(options.chromiumPath);
    this.sweep = setInterval(() => void this.sweepIdle(), SWEEP_MS);
    this.sweep.unref();
  }

  /** Why this instance has no browser, or null when it has one. */
  get unavailable(): string | null {
    if (this.executablePath) return null;
    const configured = this.options.chromiumPath?.trim();
    if (configured === '') return "The Agent's Computer is turned off on this server (CHROMIUM_PATH is empty).";
    return `Chromium was not found at ${configured ?? DEFAULT_CHROMIUM}; set CHROMIUM_PATH to a Chromium executable to enable the Agent's Computer.`;
  }

  /** Browser contexts open now. */
  get openContexts(): number {
    return this.active;
  }

  /** The run's screen, created empty (waiting) for a viewer who comes before the browser opens. */
  screen(runId: string, ownerId: string): Screen {
    let screen = this.screens.get(runId);
    if (!screen) {
      screen = new Screen(ownerId);
      this.screens.set(runId, screen);
    }
    return screen;
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      this.proxy ??= EgressProxy.start({
        allowPrivate: this.options.allowPrivate,
        selfOrigin: () => this.selfOrigin,
        selfPath: (path) => [...this.selfPaths.values()].some((paths) => paths.some((p) => path.startsWith(p))),
      });
      const launching = this.proxy.then((proxy) =>
        chromium.launch({
          executablePath: this.executablePath!,
          headless: true,
          args: [...CHROMIUM_ARGS, ...proxy.chromiumArgs, `--js-flags=--max-old-space-size=${this.options.pageHeapMb}`],
        }),
      );
      this.browser = launching;
      launching.then(
        (browser) => browser.on('disconnected', () => this.browser === launching && (this.browser = null)),
        () => this.browser === launching && (this.browser = null),
      );
    }
    return this.browser;
  }

  private async acquire(signal: AbortSignal): Promise<void> {
    if (this.active < this.options.maxContexts) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(error);
      };
      const onAbort = () => fail(new ComputerBusyError('The run ended while waiting for a browser.'));
      const grant = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.active += 1;
        resolve();
      };
      const timer = setTimeout(
        () =>
          fail(
            new ComputerBusyError(
              `All ${this.options.maxContexts} browsers of this server are in use; none came free within ${this.options.pageTimeoutMs} ms.`,
            ),
          ),
        this.options.pageTimeoutMs,
      );
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  private release(): void {
    this.active -= 1;
    const next = this.waiting.shift();
    next?.();
  }

  /**
   * The run's browser, opened on first use (after waiting for a free context) on `homeUrl`; runs share nothing.
   * `selfPaths` are the paths of this server the run's browser may load whatever the address rules say.
   */
  session(
    runId: string,
    ownerId: string,
    home: { url: string | null; selfPaths: string[] },
    signal: AbortSignal,
  ): Promise<BrowserSession> {
    if (!this.executablePath) return Promise.reject(new ComputerBusyError(this.unavailable!));
    if (this.ended.has(runId)) return Promise.reject(new ComputerBusyError('This run has ended.'));
    const existing = this.sessions.get(runId);
    if (existing) return existing;
    const screen = this.screen(runId, ownerId);
    this.selfPaths.set(runId, home.selfPaths);
    const opening = (async () => {
      await this.acquire(signal);
      try {
        const browser = await this.launch();
        return await BrowserSession.open(browser, screen, {
          pageTimeoutMs: this.options.pageTimeoutMs,
          homeUrl: home.url,
          rules: { selfOrigin: this.selfOrigin, selfPaths: home.selfPaths, allowPrivate: this.options.allowPrivate },
        });
      } catch (error) {
        this.release();
        throw error;
      }
    })();
    this.sessions.set(runId, opening);
    opening.catch(() => this.sessions.get(runId) === opening && this.sessions.delete(runId));
    return opening;
  }

  /** Closes the run's context (its screen keeps the last frame); `ended` refuses the run's later calls. */
  async closeRun(runId: string, ended = true): Promise<void> {
    if (ended && this.screens.has(runId)) this.ended.add(runId);
    const opening = this.sessions.get(runId);
    this.sessions.delete(runId);
    if (opening) {
      const session = await opening.catch(() => null);
      if (session) {
        // The page keeps loading its own view while it settles for the last frame.
        await session.close();
        this.release();
      }
    }
    this.selfPaths.delete(runId);
    this.screens.get(runId)?.update({ state: 'finished' });
  }

  private async sweepIdle(): Promise<void> {
    const now = Date.now();
    for (const [runId, opening] of this.sessions) {
      const session = await opening.catch(() => null);
      if (session && session.busy === 0 && now - session.lastUsedAt > this.options.idleMs)
        await this.closeRun(runId, false);
    }
    for (const [runId, screen] of this.screens) {
      if (screen.state !== 'live' && screen.viewers === 0 && now - screen.changedAt > KEEP_FINISHED_MS) {
        this.screens.delete(runId);
        this.ended.delete(runId);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.all([...this.sessions.keys()].map((runId) => this.closeRun(runId)));
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    await browser?.close().catch(() => undefined);
    const proxy = await this.proxy?.catch(() => null);
    this.proxy = null;
    await proxy?.close();
  }
}
