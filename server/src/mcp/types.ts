// The tool layer's contract: what the runtime may ask of MCP servers. Knows nothing of teams, runs or sockets.

/** One tool a server offers (from its `tools/list`). */
export interface McpToolInfo {
  name: string;
  description: string;
  /** The tool's JSON Schema for its arguments, as the server gave it. */
  inputSchema: Record<string, unknown>;
}

/** A finished `tools/call`: the text content joined, whether the server marked it an error, and its structured content. */
export interface McpCallResult {
  text: string;
  isError: boolean;
  structured?: unknown;
}

export interface McpCallOptions {
  /** Aborting cancels the request at the server (notifications/cancelled) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the pool's per-call time limit. */
  timeoutMs?: number;
}

/**
 * A failure the agent and the user may see (unknown server, no transport, cannot start, timed out, crashed,
 * answered garbage). Its message never holds credential values.
 */
export class McpUnavailableError extends Error {}

/**
 * Pooled connections to the catalogue's MCP servers: one process (stdio) or session (Streamable HTTP) per server
 * and credential set, reused across runs and closed after an idle time. `credentials` are the user's saved values
 * for that server (keyed by the catalogue's credential field keys), or null; they reach only that server's
 * transport (environment variables or headers, as the catalogue maps them).
 */
export interface McpClientPool {
  /** True when the catalogue says how to reach the server. */
  isConnectable(serverId: string): boolean;
  /** The server's tools for this credential set, cached; throws McpUnavailableError when it cannot be reached. */
  listTools(
    serverId: string,
    credentials: Record<string, string> | null,
    options?: McpCallOptions,
  ): Promise<McpToolInfo[]>;
  callTool(
    serverId: string,
    credentials: Record<string, string> | null,
    tool: string,
    args: Record<string, unknown>,
    options?: McpCallOptions,
  ): Promise<McpCallResult>;
  /** Closes every connection (server shutdown). */
  close(): Promise<void>;
}
