// Start-up recovery: team replies whose run never finished (the process died mid-run) are marked interrupted,
// their open tool calls closed with an error, and what the run paid for but never got is refunded.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { ToolCall } from '../../../src/services/contract.ts';
import { chatMessages, chatSessions } from '../db/schema.ts';
import type { RuntimeContext } from './context.ts';

const INTERRUPTED_TOOL = 'Interrupted: the server stopped before this tool call finished.';
const INTERRUPTED_REPLY = 'The team run was interrupted because the server stopped. Please send your message again.';
/** Part of the run price, never charged on their own (PROTOCOL.md, Credits). */
const UNPAID_TOOLS = new Set(['transfer_task_to_member', 'think']);

const isOpen = (call: ToolCall): boolean => call.result === null || call.result === undefined;
const closeOpen = (calls: ToolCall[]): ToolCall[] =>
  calls.map((c) => (isOpen(c) ? { ...c, result: INTERRUPTED_TOOL, tool_call_error: true } : c));

/**
 * Recovers runs whose last write or heartbeat is older than RUN_RECOVERY_AFTER_MINUTES: a live run on another
 * instance writes at least every minute, so it is never taken. Each reply is claimed with a conditional update,
 * so two instances starting together recover a run once. Returns how many runs were recovered.
 */
export async function recoverInterruptedRuns(ctx: RuntimeContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.RUN_RECOVERY_AFTER_MINUTES * 60_000);
  const stale = await ctx.db
    .select({ message: chatMessages, userId: chatSessions.userId })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(
      and(
        eq(chatMessages.runStatus, 'running'),
        or(isNull(chatMessages.updatedAt), lt(chatMessages.updatedAt, cutoff)),
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
