// One run's browser: a Playwright context with a single tab, its CDP screencast into the run's Screen, and the
// actions of the browser tool. Every action says what really happened (final address, title, HTTP status).
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { REFUSED_HEADER } from './egress.ts';
import { hideTokens, refusalOf, shownUrl, type RequestRules, type Verdicts } from './policy.ts';
import type { Screen } from './screen.ts';

const VIEWPORT = { width: 1280, height: 800 };
const TITLE_REFRESH_MS = 250;
/** At the end, a page still loading gets this long to finish before its last frame and title are kept. */
const SETTLE_MS = 1000;
/** Page text handed back to the agent at most (the rest is counted, not sent). */
export const MAX_PAGE_TEXT = 4000;

/** A failure the agent should read (refused address, time limit, element not found), not a crash. */
export class BrowserActionError extends Error {}

export interface PageState {
  url: string;
  title: string;
  /** HTTP status of the main document, when the action loaded one. */
  status?: number;
}

export interface SessionOptions {
  pageTimeoutMs: number;
  rules: RequestRules;
  /** The page every run's browser opens first: this server's live view of the workflow being built. */
  homeUrl: string | null;
}

const isSelector = (target: string) => /^[#.[]|^[a-z]+[#.[:]|^(css|xpath)=/i.test(target);

export class BrowserSession {
  lastUsedAt = Date.now();
  /** Lets the page finish what it is loading and reads its final title (set with the screencast). */
  private settle: () => Promise<void> = async () => undefined;
  /** Actions asked for and not finished: a busy context is never closed for idleness. */
  busy = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private constructor(
    private readonly context: BrowserContext,
    /** Why the context refused a URL, for the action that asked for it. */
    private readonly refused: Map<string, string>,
    readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly screen: Screen,
    private readonly options: SessionOptions,
  ) {}

  static async open(browser: Browser, screen: Screen, options: SessionOptions): Promise<BrowserSession> {
    const context = await browser.newContext({ acceptDownloads: false, viewport: VIEWPORT, serviceWorkers: 'block' });
    try {
      context.setDefaultTimeout(options.pageTimeoutMs);
      context.setDefaultNavigationTimeout(options.pageTimeoutMs);
      const verdicts: Verdicts = new Map();
      const refused = new Map<string, string>();
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        const reason = await refusalOf(url, options.rules, verdicts);
        if (reason && refused.size < 500) refused.set(url, reason);
        await (reason ? route.abort('blockedbyclient') : route.continue()).catch(() => undefined);
      });
      await context.routeWebSocket(
        () => true,
        async (ws) => {
          const reason = await refusalOf(ws.url().replace(/^ws/i, 'http'), options.rules, verdicts);
          if (reason) await ws.close({ code: 1008, reason: 'refused' });
          else ws.connectToServer();
        },
      );
      const page = await context.newPage();
      // One tab: pop-ups and target=_blank windows are closed (the screencast follows the one page).
      context.on('page', (other) => void (other !== page && other.close().catch(() => undefined)));
      const cdp = await context.newCDPSession(page);
      const session = new BrowserSession(context, refused, page, cdp, screen, options);
      await session.startScreencast();
      screen.update({ state: 'live' });
      if (options.homeUrl) await session.goto(options.homeUrl).catch(() => undefined);
      return session;
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  private async startScreencast(): Promise<void> {
    const { page, screen, cdp } = this;
    const refresh = () => {
      screen.update({ url: shownUrl(page.url()) });
      page
        .title()
        .then((title) => screen.update({ url: shownUrl(page.url()), title: hideTokens(title) }))
        .catch(() => undefined);
    };
    page.on('framenavigated', (frame) => frame === page.mainFrame() && refresh());
    page.on('domcontentloaded', refresh);
    page.on('load', refresh);
    // A page may change its title at any time without an event: a changed screen is the cue to ask again, once
    // a burst of frames is over.
    let titleTimer: NodeJS.Timeout | null = null;
    cdp.on('Page.screencastFrame', ({ data, sessionId }) => {
      cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
      screen.frame(data);
      titleTimer ??= setTimeout(() => {
        titleTimer = null;
        refresh();
      }, TITLE_REFRESH_MS);
    });
    this.settle = async () => {
      if (titleTimer) clearTimeout(titleTimer);
      await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => undefined);
      const title = await page.title().catch(() => screen.title);
      screen.update({ url: shownUrl(page.url()), title: hideTokens(title) });
      // The frame kept after the run is the page as it ended, not whichever frame the screencast sent last.
      const last = await page.screenshot({ type: 'jpeg', quality: 60, timeout: SETTLE_MS }).catch(() => null);
      if (last) screen.frame(last.toString('base64'));
    };
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 60, maxWidth: 1280, maxHeight: 800 });
  }

  /** Actions of one run run one at a time, in the order asked. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    this.busy += 1;
    return next.finally(() => {
      this.busy -= 1;
      this.lastUsedAt = Date.now();
    });
  }

  /** The address the tab shows now (tokens hidden). */
  currentUrl(): string {
    return shownUrl(this.page.url());
  }

  private async state(status?: number): Promise<PageState> {
    const title = hideTokens(await this.page.title().catch(() => ''));
    return { url: shownUrl(this.page.url()), title, ...(status === undefined ? {} : { status }) };
  }

  private async goto(url: string): Promise<PageState> {
    const before = this.page.url();
    try {
      return await this.load(url);
    } catch (error) {
      // A failed load leaves an error page (or a page stopped half way): the tab goes back to what it showed.
      if (/^https?:/.test(before)) {
        // The error page may commit just after the failure is reported.
        if (this.page.url() === before)
          await this.page.waitForEvent('framenavigated', { timeout: 1000 }).catch(() => undefined);
        if (this.page.url() !== before)
          await this.page.goto(before, { waitUntil: 'domcontentloaded' }).catch(() => undefined);
      }
      throw error;
    }
  }

  private async load(url: string): Promise<PageState> {
    this.refused.delete(url);
    try {
      const response = await this.page.goto(url, { waitUntil: 'domcontentloaded' });
      const refused = response?.headers()[REFUSED_HEADER];
      if (refused)
        throw new BrowserActionError(
          `Refused to open ${shownUrl(url)}: on the way to ${shownUrl(response!.url())}, ${refused}.`,
        );
      return await this.state(response?.status());
    } catch (error) {
      const reason = this.refused.get(url) ?? this.refused.get(new URL(url).href);
      if (reason) throw new BrowserActionError(`Refused to open ${shownUrl(url)}: ${reason}.`);
      if (error instanceof BrowserActionError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/Timeout/i.test(message)) {
        // A page that never answers is cut: the navigation stops and the tab shows what it showed before.
        await this.cdp.send('Page.stopLoading').catch(() => undefined);
        throw new BrowserActionError(
          `${shownUrl(url)} did not load within ${this.options.pageTimeoutMs} ms; loading was stopped.`,
        );
      }
      const code = /net::[A-Z_]+/.exec(message)?.[0] ?? 'the page could not be loaded';
      if (code === 'net::ERR_TUNNEL_CONNECTION_FAILED')
        throw new BrowserActionError(
          `Refused to open ${shownUrl(url)}: an address on the way (the page or a redirect) is private or could not be resolved.`,
        );
      throw new BrowserActionError(`Could not open ${shownUrl(url)}: ${code}.`);
    }
  }

  open(url: string): Promise<PageState> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return Promise.reject(new BrowserActionError('The address is not a valid URL.'));
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return Promise.reject(new BrowserActionError('The browser opens http(s) addresses only.'));
    return this.serial(() => this.goto(parsed.href));
  }

  private async find(target: string, kind: 'click' | 'field'): Promise<Locator> {
    const { page } = this;
    let locator: Locator;
    if (isSelector(target)) locator = page.locator(target);
    else if (kind === 'click')
      locator = page
        .getByRole('link', { name: target })
        .or(page.getByRole('button', { name: target }))
        .or(page.getByText(target));
    else
      locator = page
        .getByLabel(target)
        .or(page.getByPlaceholder(target))
        .or(page.getByRole('textbox', { name: target }));
    const first = locator.first();
    try {
      await first.waitFor({ state: 'visible', timeout: Math.min(5000, this.options.pageTimeoutMs) });
    } catch {
      throw new BrowserActionError(`Nothing on ${shownUrl(page.url())} matches "${target}".`);
    }
    return first;
  }

  /** Waits for a navigation the action started, within the time limit; a page still loading is reported as such. */
  private async settled(): Promise<PageState> {
    await this.page.waitForLoadState('domcontentloaded').catch(() => undefined);
    return this.state();
  }

  click(target: string): Promise<PageState> {
    return this.serial(async () => {
      const element = await this.find(target, 'click');
      try {
        await element.click();
      } catch {
        throw new BrowserActionError(`"${target}" could not be clicked within ${this.options.pageTimeoutMs} ms.`);
      }
      return this.settled();
    });
  }

  typeText(target: string, text: string): Promise<PageState> {
    return this.serial(async () => {
      const element = await this.find(target, 'field');
      try {
        await element.fill(text);
      } catch {
        throw new BrowserActionError(`"${target}" is not a field that takes text.`);
      }
      return this.state();
    });
  }

  scroll(direction: 'up' | 'down'): Promise<PageState & { y: number; height: number; viewport: number }> {
    return this.serial(async () => {
      // Page scripts are strings: the server is compiled without the DOM's types.
      const factor = direction === 'down' ? 0.8 : -0.8;
      const position = (await this.page.evaluate(
        `(() => { window.scrollBy({ top: ${factor} * window.innerHeight, behavior: 'instant' });
          return { y: Math.round(window.scrollY), height: document.documentElement.scrollHeight, viewport: window.innerHeight }; })()`,
      )) as { y: number; height: number; viewport: number };
      return { ...(await this.state()), ...position };
    });
  }

  screenshot(): Promise<PageState & { bytes: number; width: number; height: number }> {
    return this.serial(async () => {
      const image = await this.page.screenshot({ type: 'jpeg', quality: 70 });
      // Viewers see exactly what was taken.
      this.screen.frame(image.toString('base64'));
      return { ...(await this.state()), bytes: image.length, ...VIEWPORT };
    });
  }

  pageText(): Promise<PageState & { text: string; total: number }> {
    return this.serial(async () => {
      const raw = await this.page.evaluate("document.body ? document.body.innerText : ''");
      const text = String(raw)
        .replace(/\n{3,}/g, '\n\n')
        .trim();
      return { ...(await this.state()), text: text.slice(0, MAX_PAGE_TEXT), total: text.length };
    });
  }

  async close(): Promise<void> {
    await this.settle();
    await this.cdp.send('Page.stopScreencast').catch(() => undefined);
    await this.context.close().catch(() => undefined);
  }
}
