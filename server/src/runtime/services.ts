// The real tool services of a run: credentials, knowledge search, the live-view address and tool-call billing.
import { findServer, loadCatalog } from '../mcp/catalog.ts';
import { McpUnavailableError } from '../mcp/types.ts';
import { storeOwnedFile } from '../teams/uploads.ts';
import type { RuntimeContext } from './context.ts';
import { mailerFor } from './mailer.ts';
import { OutOfCreditsError, type RunComputer, type ToolServices } from './types.ts';

/** Whose run it is: files the team saves belong to this user and session, e-mails go to this address. */
interface RunOwner {
  userId: string;
  runId: string;
  origin: string;
  sessionId: string;
  email: string | null;
}

/** The paths of this server a run's browser may load (its workflow view and the view's script). */
const workflowViewPaths = (runId: string) => [`/computer/${runId}/workflow.`, '/computer/assets/'];

function runComputer(ctx: RuntimeContext, run: { userId: string; runId: string; origin: string }): RunComputer {
  let viewerUrl: Promise<string> | null = null;
  return {
    unavailable: ctx.computer.unavailable,
    async session(signal) {
      const token = await ctx.computerTokens.sign(run.runId, run.userId, 'workflow');
      // The browser reaches this server where it listens; before it listens (tests that inject), by its public origin.
      const self = ctx.computer.selfOrigin ?? run.origin;
      const url = `${self}/computer/${run.runId}/workflow.html?token=${encodeURIComponent(token)}`;
      return ctx.computer.session(run.runId, run.userId, { url, selfPaths: workflowViewPaths(run.runId) }, signal);
    },
    viewerUrl() {
      viewerUrl ??= ctx.computerTokens
        .sign(run.runId, run.userId, 'view')
        .then((token) => `${run.origin}/computer/${run.runId}/vnc.html?token=${encodeURIComponent(token)}`);
      return viewerUrl;
    },
  };
}

export function runServices(ctx: RuntimeContext, run: RunOwner): ToolServices {
  const mail = mailerFor(ctx.config);
  // email_user writes to the run's user only: no address, no e-mail tool.
  const to = run.email;
  const catalog = loadCatalog(ctx.config);
  const cost = ctx.config.TOOL_CALL_COST_CREDITS;
  // One credential read per server and run: a run's calls to one server share the same pooled connection.
  const saved = new Map<string, Promise<Record<string, string> | null>>();
  const savedOf = (serverId: string) => {
    if (!saved.has(serverId)) saved.set(serverId, ctx.credentials.valuesOf(run.userId, serverId));
    return saved.get(serverId)!;
  };
  // Saved credentials that cannot be used (an unreachable or private n8n) must not cost the user the tools a server
  // offers without them: such a run uses the server without credentials and says why.
  const problems = new Map<string, string>();
  const usable = new Map<string, Promise<Record<string, string> | null>>();
  const credentialsOf = (serverId: string, signal?: AbortSignal) => {
    if (!usable.has(serverId)) {
      usable.set(
        serverId,
        (async () => {
          const creds = await savedOf(serverId);
          if (!creds || !findServer(catalog, serverId)?.works_without_credentials) return creds;
          try {
            await ctx.mcp.listTools(serverId, creds, { signal });
            return creds;
          } catch (error) {
            if (!(error instanceof McpUnavailableError)) throw error;
            problems.set(serverId, error.message);
            return null;
          }
        })(),
      );
    }
    return usable.get(serverId)!;
  };
  return {
    hasCredentials: (userId, serverId) => ctx.credentials.has(userId, serverId),
    mcpTools: async (serverId, signal) =>
      findServer(catalog, serverId) && ctx.mcp.isConnectable(serverId)
        ? ctx.mcp.listTools(serverId, await credentialsOf(serverId, signal), { signal })
        : [],
    async credentialProblem(serverId) {
      if (!ctx.mcp.isConnectable(serverId)) return null;
      await credentialsOf(serverId);
      return problems.get(serverId) ?? null;
    },
    callMcp: async (serverId, tool, args, signal) =>
      ctx.mcp.callTool(serverId, await credentialsOf(serverId), tool, args, { signal }),
    async credentialLink(serverId, key) {
      const value = (await credentialsOf(serverId))?.[key];
      if (!value) return null;
      try {
        const url = new URL(value);
        return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
      } catch {
        return null;
      }
    },
    serverName: (serverId) => catalog.mcpServers[serverId]?.name ?? serverId,
    searchKnowledge: (ids, query, limit) => ctx.searchKnowledge(ids, query, limit),
    computer: runComputer(ctx, run),
    httpLimits: {
      allowPrivateHosts: ctx.config.ALLOW_PRIVATE_TOOL_HOSTS,
      timeoutMs: ctx.config.HTTP_TOOL_TIMEOUT_MS,
      maxBytes: ctx.config.HTTP_TOOL_MAX_BYTES,
    },
    async saveFile(file) {
      const id = await storeOwnedFile(ctx, {
        userId: run.userId,
        sessionId: run.sessionId,
        filename: file.name,
        contentType: file.contentType,
        bytes: file.bytes,
      });
      return { id, url: `${run.origin}/api/v1/files/${id}` };
    },
    ...(mail && to
      ? {
          async sendEmail(message: { subject: string; text: string }) {
            await mail({ to, ...message });
            return { to };
          },
        }
      : {}),
    async chargeToolCall(toolName) {
      if (cost <= 0) return;
      const debit = await ctx.accounts.debit({
        userId: run.userId,
        amount: cost,
        description: `Tool call: ${toolName}`,
        reference: run.runId,
      });
      if (!debit.ok) throw new OutOfCreditsError(toolName);
    },
  };
}
