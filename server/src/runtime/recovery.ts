// Start-up recovery: team replies whose run never finished (the process died mid-run) are marked interrupted,
// their open tool calls closed with an error, and what the run paid for but never got is refunded.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { ToolCall } from '../../../contract/types.ts';
import { chatMessages, chatSessions } from '../db/schema.ts';
import type { RuntimeContext } from './context.ts';
import { announceRunChange } from './hub.ts';

const INTERRUPTED_TOOL = 'Interrupted: the server stopped before this tool call finished.';
const INTERRUPTED_REPLY = 'The team run was interrupted because the server stopped. Please send your message again.';
/** Part of the run price, never charged on their own (PROTOCOL.md, Credits). */
const UNPAID_TOOLS = new Set(['transfer_task_to_member', 'think']);

const isOpen = (call: ToolCall): boolean => call.result === null || call.result === undefined;
const closeOpen = (calls: ToolCall[]): ToolCall[] =>
  calls.map((c) => (isOpen(c) ? { ...c, result: INTERRUPTED_TOOL, tool_call_error: true } : c));

/**
 * Recovers runs whose instance is gone: its lease (the reply's heartbeat, renewed every third of RUN_LEASE_SECONDS)
 * ran out, or, at start-up (`own`), runs this very instance held before it restarted. A live run of another
 * instance renews its lease and is never taken. Each reply is claimed with a conditional update, so two instances
 * recover a run once. Returns how many runs were recovered.
 */
export async function recoverInterruptedRuns(ctx: RuntimeContext, options: { own?: boolean } = {}): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.RUN_LEASE_SECONDS * 1000);
  const expired = or(isNull(chatMessages.updatedAt), lt(chatMessages.updatedAt, cutoff));
  const stale = await ctx.db
    .select({ message: chatMessages, userId: chatSessions.userId })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(
      and(
        eq(chatMessages.runStatus, 'running'),
        options.own ? or(expired, eq(chatMessages.instanceId, ctx.config.instanceId)) : expired,
      ),
    );
  let recovered = 0;
  for (const { message, userId } of stale) {
    // Open tool calls gave the user nothing: a reply with only those counts as empty and is refunded whole.
    const produced =
      message.content !== '' || message.toolCalls.some((c) => !isOpen(c)) || message.memberResponses.length > 0;
    const openPaid = message.toolCalls.filter((c) => isOpen(c) && !UNPAID_TOOLS.has(c.tool_name)).length;
    const [claimed] = await ctx.db
      .update(chatMessages)
      .set({
        runStatus: 'interrupted',
        updatedAt: ctx.now(),
        content: message.content || INTERRUPTED_REPLY,
        toolCalls: closeOpen(message.toolCalls),
      })
      .where(and(eq(chatMessages.id, message.id), eq(chatMessages.runStatus, 'running')))
      .returning({ id: chatMessages.id });
    if (!claimed) continue;
    recovered += 1;
    // Clients following it (on any instance) hear that it ended.
    if (message.runId) await announceRunChange(ctx, message.runId).catch(() => undefined);
    if (!message.runId) continue;
    const limit = produced ? openPaid * ctx.config.TOOL_CALL_COST_CREDITS : undefined;
    if (limit === 0) continue;
    await ctx.accounts.refund({
      userId,
      reference: message.runId,
      description: produced
        ? 'Refund: tool calls a crashed run never finished'
        : 'Refund: the team run was interrupted before it produced anything',
      ...(limit === undefined ? {} : { limit }),
    });
  }
  return recovered;
}
