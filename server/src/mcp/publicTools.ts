// Tool names each catalogue server offers without credentials, for the Add Tools dialog.
// Listed in the background from server start and kept, so the dialog never waits for a tool server to start
// and never shows an empty list that fills in later: a server still being listed is reported as pending.
import type { Catalog } from './catalog.ts';
import type { McpClientPool } from './types.ts';

/** A request waits this long for listings already under way before answering with what is known. */
const REQUEST_WAIT_MS = 3_000;
/** A good listing is refreshed (in the background, the old names still served) after this long. */
const REFRESH_MS = 10 * 60_000;
/** A server that could not be listed is tried again on a request after this long. */
const RETRY_MS = 30_000;

export interface PublicToolList {
  tools: string[];
  /** True while the first listing is under way: the names are not known yet. */
  pending: boolean;
}

interface Known {
  tools: string[];
  at: number;
  ok: boolean;
}

export class PublicToolLists {
  private readonly known = new Map<string, Known>();
  private readonly listing = new Map<string, Promise<void>>();

  constructor(
    private readonly pool: McpClientPool,
    private readonly catalog: Catalog,
    private readonly now: () => number = Date.now,
  ) {}

  /** Servers reachable without credentials: the only ones whose tools can be listed for everyone. */
  private openServers(): string[] {
    return Object.entries(this.catalog.mcpServers)
      .filter(([id, s]) => this.pool.isConnectable(id) && (!s.requires_credentials || s.works_without_credentials))
      .map(([id]) => id);
  }

  /** Starts listing every open server that is not known or due again; returns at once. */
  warm(): void {
    // The job never rejects: a failure is recorded as the server's listing.
    for (const id of this.openServers()) void this.refreshIfDue(id);
  }

  private refreshIfDue(id: string): Promise<void> | undefined {
    const running = this.listing.get(id);
    if (running) return running;
    const known = this.known.get(id);
    if (known && this.now() - known.at < (known.ok ? REFRESH_MS : RETRY_MS)) return undefined;
    const job = this.pool
      .listTools(id, null)
      .then(
        (tools) => ({ tools: tools.map((t) => t.name), ok: true }),
        // A failed refresh keeps the names last seen; a server never listed stays empty.
        () => ({ tools: this.known.get(id)?.tools ?? [], ok: false }),
      )
      .then(({ tools, ok }) => {
        this.known.set(id, { tools, ok, at: this.now() });
      })
      .finally(() => this.listing.delete(id));
    this.listing.set(id, job);
    return job;
  }

  /**
   * Server id → its tool names, for every catalogue server. Waits up to `waitMs` for first listings (or retries) under way;
   * a server still being listed after that is `pending`; one that needs credentials or cannot be reached has none.
   */
  async snapshot(waitMs = REQUEST_WAIT_MS): Promise<Record<string, PublicToolList>> {
    const firsts: Promise<void>[] = [];
    for (const id of this.openServers()) {
      const job = this.refreshIfDue(id);
      // A refresh of good names runs in the background; a first listing or a retry is worth waiting for.
      if (job && !this.known.get(id)?.ok) firsts.push(job);
    }
    if (firsts.length) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      await Promise.race([Promise.all(firsts), late]);
      clearTimeout(timer);
    }
    const open = new Set(this.openServers());
    return Object.fromEntries(
      Object.keys(this.catalog.mcpServers).map((id) => {
        const known = this.known.get(id);
        return [id, { tools: known?.tools ?? [], pending: open.has(id) && !known }];
      }),
    );
  }
}
