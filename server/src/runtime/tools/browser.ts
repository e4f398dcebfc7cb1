// The browser tool (catalogue: open_url, click, type_text, scroll, screenshot, get_page_text) on the run's real
// Chromium. Every result leads with JSON holding the owner's vnc_url (the SPA opens the Agent's Computer from it),
// the real address and title, then says in words what happened. Without Chromium each call says so: no vnc_url.
import { BrowserActionError, MAX_PAGE_TEXT, type BrowserSession, type PageState } from '../../computer/session.ts';
import { ComputerBusyError } from '../../computer/pool.ts';
import type { ToolServices } from '../types.ts';
import { ToolError } from './invoke.ts';
import type { ToolFunction } from './catalog.ts';

const MAX_ARG = 2000;

function text(args: Record<string, unknown>, key: string, max = MAX_ARG): string {
  const value = args[key];
  if (typeof value !== 'string' || !value.trim())
    throw new ToolError(`The argument "${key}" must be a non-empty string.`);
  if (value.length > max) throw new ToolError(`The argument "${key}" is longer than ${max} characters.`);
  return value.trim();
}

const params = (props: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  type: 'object' as const,
  properties: {
    ...Object.fromEntries(Object.entries(props).map(([k, d]) => [k, { type: 'string', description: d }])),
    ...extra,
  },
  required: Object.keys(props),
});

const titled = (page: PageState) => `${page.url}${page.title ? ` ("${page.title}")` : ''}`;

export function browserFunctions(services: ToolServices, signal: AbortSignal): ToolFunction[] {
  const computer = services.computer;
  /** Runs one action on the run's browser and words its result; refusals and time limits become tool errors. */
  const act = async (work: (session: BrowserSession) => Promise<{ page: PageState; said: string; data?: object }>) => {
    if (!computer || computer.unavailable)
      throw new ToolError(
        `${computer?.unavailable ?? 'This server has no browser.'} No browser was opened, so there is nothing to watch.`,
      );
    let session: BrowserSession;
    try {
      session = await computer.session(signal);
    } catch (error) {
      if (error instanceof ComputerBusyError) throw new ToolError(error.message);
      throw error;
    }
    const vncUrl = await computer.viewerUrl();
    try {
      const { page, said, data } = await work(session);
      const head = { vnc_url: vncUrl, url: page.url, title: page.title, ...data };
      return `${JSON.stringify(head)}\n\n${said} [Watch the agent's computer](${vncUrl})`;
    } catch (error) {
      if (!(error instanceof BrowserActionError)) throw error;
      // The browser is real and open (on the workflow view at least): the user may still watch it.
      const head = { vnc_url: vncUrl, url: session.currentUrl(), error: error.message };
      throw new ToolError(`${JSON.stringify(head)}\n\n${error.message} [Watch the agent's computer](${vncUrl})`);
    }
  };
  return [
    {
      name: 'open_url',
      description: "Opens an http(s) page in the agent's browser, shown live to the user as the Agent's Computer.",
      parameters: params({ url: 'Absolute http(s) URL to open' }),
      execute: async (args) => {
        const url = text(args, 'url');
        return act(async (s) => {
          const page = await s.open(url);
          const status = page.status === undefined ? '' : ` (HTTP ${page.status})`;
          return { page, said: `Opened ${titled(page)}${status}.`, data: { status: page.status ?? null } };
        });
      },
    },
    {
      name: 'click',
      description: 'Clicks a link or button on the open page, found by its visible text or a CSS selector.',
      parameters: params({ target: 'Visible text of the link or button, or a CSS selector' }),
      execute: async (args) => {
        const target = text(args, 'target', 500);
        return act(async (s) => {
          const page = await s.click(target);
          return { page, said: `Clicked "${target}"; the page is now ${titled(page)}.` };
        });
      },
    },
    {
      name: 'type_text',
      description: 'Types text into a field of the open page, found by its label, placeholder or a CSS selector.',
      parameters: params({ target: 'Label or placeholder of the field, or a CSS selector', text: 'Text to type' }),
      execute: async (args) => {
        const target = text(args, 'target', 500);
        const value = text(args, 'text');
        return act(async (s) => {
          const page = await s.typeText(target, value);
          return { page, said: `Typed ${value.length} characters into "${target}" on ${titled(page)}.` };
        });
      },
    },
    {
      name: 'scroll',
      description: 'Scrolls the open page up or down by most of a screen.',
      parameters: params({}, { direction: { type: 'string', enum: ['up', 'down'], description: 'up or down' } }),
      execute: async (args) => {
        const direction = args.direction === undefined ? 'down' : args.direction;
        if (direction !== 'up' && direction !== 'down') throw new ToolError('The direction must be "up" or "down".');
        return act(async (s) => {
          const { y, height, viewport, ...page } = await s.scroll(direction);
          const bottom = Math.min(height, y + viewport);
          return {
            page,
            said: `Scrolled ${direction}: showing ${y}–${bottom} px of ${height} px of ${titled(page)}.`,
            data: { scroll_y: y, page_height: height },
          };
        });
      },
    },
    {
      name: 'screenshot',
      description: "Takes a screenshot of the open page; the user sees it on the Agent's Computer.",
      parameters: params({}),
      execute: async () =>
        act(async (s) => {
          const { bytes, width, height, ...page } = await s.screenshot();
          return {
            page,
            said: `Took a ${width}×${height} screenshot (${Math.round(bytes / 1024)} KB JPEG) of ${titled(page)}; it is on the Agent's Computer.`,
            data: { width, height, bytes },
          };
        }),
    },
    {
      name: 'get_page_text',
      description: `Reads the visible text of the open page (the first ${MAX_PAGE_TEXT} characters).`,
      parameters: params({}),
      execute: async () =>
        act(async (s) => {
          const { text: body, total, ...page } = await s.pageText();
          const more = total > body.length ? `\n…(${total - body.length} more characters)` : '';
          return {
            page,
            said: `Text of ${titled(page)}:\n\n${body || '(the page shows no text)'}${more}\n\n`,
            data: { characters: total },
          };
        }),
    },
  ];
}
