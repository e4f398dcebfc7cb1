// The runtime's seams: what an engine receives, the events it yields and the services its tools may use.
import type { MemberResponse, ReplyWorkflow, StoredMessage, Team, ToolCall } from '../../../contract/types.ts';
import type { McpCallResult, McpToolInfo } from '../mcp/types.ts';
import type { N8nWorkflow } from '../workflows/n8nJson.ts';
import type { WorkflowSpec } from '../workflows/spec.ts';
import type { BrowserSession } from '../computer/session.ts';

/** A text file the user attached to the run (binary files are listed by name only). */
export interface RunFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Decoded text for text files, null for binary ones. */
  text: string | null;
  /** Saved by the team during the run (save_file), not attached by the user. */
  saved?: boolean;
  /** Where its owner downloads a saved file. */
  url?: string;
}

export interface RunInput {
  runId: string;
  team: Team;
  userId: string;
  message: string;
  files: RunFile[];
  /** Earlier messages of the session (oldest first), already cut to the team's history setting. */
  history: StoredMessage[];
  /** The user's earlier messages in this session (oldest first, the last 20): follow-ups edit the last workflow. */
  earlierRequests: string[];
  /** The session's last team reply (text): for engines that read it. */
  lastReply: string | null;
  /** The session's last workflow as stored with its reply, and what it was read as: a follow-up edits it. */
  previous: { workflow: ReplyWorkflow; spec: unknown } | null;
}

/** What an engine reports while it runs; the orchestrator turns these into frames and stored rows. */
export type RunEvent =
  | { kind: 'text'; delta: string }
  | { kind: 'tool_started'; call: ToolCall }
  | { kind: 'tool_completed'; call: ToolCall }
  | { kind: 'member_response'; response: MemberResponse; task: string }
  /** The workflow the run built (validated), its spec when the rule planner read one, and where it was deployed. */
  | { kind: 'workflow'; workflow: N8nWorkflow; spec: WorkflowSpec | null; url: string | null };

export interface HttpLimits {
  /** The operator's ALLOW_PRIVATE_TOOL_HOSTS: private and loopback addresses may be called. */
  allowPrivateHosts: boolean;
  /** Whole request, redirects included. */
  timeoutMs: number;
  /** Response bytes read; the rest is cut. */
  maxBytes: number;
  /** host:port pairs allowed although private (tests reach their local server this way, and nothing else). */
  privateHostExceptions?: string[];
}

/** Services the tools reach through; the real ones read the database, tests pass in-memory ones. */
export interface ToolServices {
  hasCredentials(userId: string, serverId: string): Promise<boolean>;
  serverName(serverId: string): string;
  /** The real tools of an MCP server for this run's user (with the user's saved credentials, when any). */
  mcpTools(serverId: string, signal: AbortSignal): Promise<McpToolInfo[]>;
  /** One real MCP tool call with the user's credentials; they never appear in the arguments or the result. */
  callMcp(serverId: string, tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult>;
  /**
   * Why the user's saved credentials for a server could not be used this run (a server that also works without them
   * then runs without them), or null.
   */
  credentialProblem(serverId: string): Promise<string | null>;
  /** The origin and path of a URL credential field (no userinfo, no query), e.g. the user's n8n address for links. */
  credentialLink(serverId: string, key: string): Promise<string | null>;
  searchKnowledge(
    knowledgeBaseIds: string[],
    query: string,
    limit: number,
  ): Promise<Array<{ documentName: string; content: string; rank: number }>>;
  /** The run's real browser (the Agent's Computer); its `unavailable` says why there is none on this server. */
  computer?: RunComputer;
  /**
   * Pays for one tool call before it runs. Throws OutOfCreditsError when the balance cannot cover it,
   * which ends the run after the step in progress.
   */
  chargeToolCall(toolName: string): Promise<void>;
  /** Limits of the http_request functions; absent means the defaults (public addresses only). */
  httpLimits?: HttpLimits;
  /** Stores a file the team wrote for the run's user (owner-only download); absent where runs cannot store files. */
  saveFile?(file: { name: string; contentType: string; bytes: Buffer }): Promise<{ id: string; url: string }>;
  /** Sends the run's user an e-mail; absent when the deployment has no SMTP server (SMTP_URL). */
  sendEmail?(message: { subject: string; text: string }): Promise<{ to: string }>;
}

export interface RunComputer {
  /** Why this server has no browser (the tool says so and no viewing link is given), or null. */
  unavailable: string | null;
  /** The run's browser, opened on first use on this server's live view of the workflow being built. */
  session(signal: AbortSignal): Promise<BrowserSession>;
  /** The run owner's signed link to watch it (SPEC's vnc_url), the same for every call of the run. */
  viewerUrl(): Promise<string>;
}

export interface EngineContext {
  services: ToolServices;
  signal: AbortSignal;
  /** Pause between streamed text deltas, in ms (0 turns pacing off). */
  streamDelayMs: number;
}

export interface TeamEngine {
  readonly name: string;
  /** Engines whose work is local (CPU and database) share the server's run slots; remote models do not wait for them. */
  readonly localWork: boolean;
  run(input: RunInput, context: EngineContext): AsyncIterable<RunEvent>;
}

/** The balance ran out during a run (the run cost itself is checked before the run starts). */
export class OutOfCreditsError extends Error {
  constructor(readonly toolName: string) {
    super(`Insufficient credits to run the tool ${toolName}; the run stopped after its last completed step.`);
  }
}

/** A request the team did not work on (too long or involved to read within the limits); nothing was produced. */
export class RequestRefusedError extends Error {
  constructor(
    readonly code: 'request_too_complex',
    message: string,
  ) {
    super(message);
  }
}

/** A failure of the model provider, already mapped to the texts the client recognises (SPEC §8). */
export class ProviderError extends Error {
  constructor(
    readonly code: 'rate_limited' | 'connection_error' | 'model_not_found' | 'provider_error',
    message: string,
  ) {
    super(message);
  }
}
