// One live MCP session (a child process or an HTTP session) and the calls made over it, with faults made plain.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ErrorCode, ListToolsResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpUnavailableError, type McpCallResult, type McpToolInfo } from './types.ts';
import type { BuiltTransport } from './transports.ts';

const MAX_TOOL_PAGES = 20;

export interface RequestLimits {
  signal?: AbortSignal;
  timeoutMs: number;
}

function failureOf(what: string, error: unknown): string {
  if (error instanceof SyntaxError || (error as Error | undefined)?.name === 'ZodError') {
    return `answered ${what} with something that is not MCP`;
  }
  const status = error instanceof StreamableHTTPError ? error.code : undefined;
  return status ? `refused ${what} (HTTP ${status})` : `could not be reached for ${what}`;
}

export class Connection {
  busy = 0;
  lastUsed = Date.now();
  closed = false;
  idleTimer: NodeJS.Timeout | undefined;
  /** Settles once the session is initialised (or has failed to start). */
  ready: Promise<void> = Promise.resolve();
  private readonly client = new Client({ name: 'agent-team-studio', version: '1.0.0' });
  private built: BuiltTransport | null = null;
  /** Why the session ended, for the error of calls still waiting on it. */
  private fault: string | null = null;

  constructor(
    readonly serverId: string,
    readonly key: string,
    /** The catalogue name, used in every message (never credential values). */
    readonly label: string,
    private readonly onGone: (conn: Connection) => void,
  ) {}

  pid(): number | null {
    return this.built?.pid() ?? null;
  }

  /** Starts the session; `prepare` runs first (address checks) and is shared by every caller waiting on `ready`. */
  start(prepare: () => Promise<BuiltTransport>, limits: { timeoutMs: number }): Promise<void> {
    this.ready = (async () => {
      try {
        this.built = await prepare();
        const stdio = this.built.kind === 'stdio';
        this.client.onclose = () => this.gone(this.fault ?? 'stopped unexpectedly');
        this.client.onerror = (error) => {
          // Over stdio any transport error (a line that is not JSON-RPC, a broken pipe) leaves the stream unusable.
          if (!stdio) return;
          this.fault ??=
            error instanceof SyntaxError || error.name === 'ZodError'
              ? 'answered something that is not MCP'
              : 'lost its connection';
          void this.close();
        };
        // No caller's signal here: the connection is shared by everyone waiting on it.
        await this.client.connect(this.built.transport, { timeout: limits.timeoutMs });
      } catch (error) {
        await this.close();
        if (error instanceof McpUnavailableError) throw error;
        throw this.unavailable(`could not be started (${this.describe(error, limits.timeoutMs)})`);
      }
    })();
    return this.ready;
  }

  async listTools(limits: RequestLimits): Promise<McpToolInfo[]> {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const result = await this.guard('tools/list', limits, () =>
        this.client.request(
          { method: 'tools/list', params: cursor ? { cursor } : {} },
          ListToolsResultSchema,
          this.options(limits),
        ),
      );
      for (const t of result.tools)
        tools.push({ name: t.name, description: t.description ?? '', inputSchema: t.inputSchema });
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return tools;
  }

  async callTool(tool: string, args: Record<string, unknown>, limits: RequestLimits): Promise<McpCallResult> {
    // Not client.callTool: it validates against the tool's outputSchema, which n8n-mcp's own results do not always meet.
    const call = () =>
      this.client.request(
        { method: 'tools/call', params: { name: tool, arguments: args } },
        CallToolResultSchema,
        this.options(limits),
      );
    let result;
    try {
      result = await this.guard(`the tool ${tool}`, limits, call);
    } catch (error) {
      // The server's own refusal (unknown tool, bad arguments) is an answer the agent can act on.
      if (error instanceof McpError && !this.closed) return { text: error.message, isError: true };
      throw error;
    }
    const text = result.content
      .map((c) =>
        c.type === 'text' ? c.text : c.type === 'resource' && 'text' in c.resource ? c.resource.text : `[${c.type}]`,
      )
      .join('\n');
    return {
      text,
      isError: result.isError === true,
      ...(result.structuredContent ? { structured: result.structuredContent } : {}),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.gone(this.fault ?? 'was closed');
    await this.client.close().catch(() => {});
  }

  private gone(fault: string): void {
    this.fault ??= fault;
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.onGone(this);
  }

  private options(limits: RequestLimits) {
    return { timeout: limits.timeoutMs, signal: limits.signal };
  }

  /** Runs a request; a timeout, a dead session or a malformed answer ends the session and becomes McpUnavailableError. */
  private async guard<T>(what: string, limits: RequestLimits, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (limits.signal?.aborted) throw limits.signal.reason;
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        this.fault = `did not answer ${what} within ${limits.timeoutMs} ms`;
      } else if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed && !this.closed) {
        throw error;
      } else if (!(error instanceof McpError)) {
        this.fault ??= failureOf(what, error);
      }
      await this.close();
      throw this.unavailable(this.fault ?? 'stopped unexpectedly');
    }
  }

  private describe(error: unknown, timeoutMs: number): string {
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return `no answer within ${timeoutMs} ms`;
    if (error instanceof StreamableHTTPError && error.code) return `HTTP ${error.code}`;
    const errno = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code;
    const code = errno(error) ?? errno((error as Error | undefined)?.cause);
    if (typeof code === 'string') return code;
    if (this.built?.kind === 'http') return 'unreachable';
    return this.fault && this.fault !== 'stopped unexpectedly' ? this.fault : 'it exited before answering';
  }

  private unavailable(what: string): McpUnavailableError {
    return new McpUnavailableError(`The ${this.label} tool server ${what}.`);
  }
}
