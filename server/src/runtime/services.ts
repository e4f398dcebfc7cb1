// The real tool services of a run: credentials, knowledge search, the live-view address and tool-call billing.
import type { AppContext } from '../context.ts';
import { loadCatalog, userHasCredentials } from '../credentials/service.ts';
import { debitCredits } from '../credits/ledger.ts';
import { searchKnowledge } from '../knowledge/search.ts';
import { OutOfCreditsError, type ToolServices } from './types.ts';

export function computerUrl(origin: string, runId: string): string {
  return `${origin}/computer/${runId}/vnc.html`;
}

export function runServices(ctx: AppContext, run: { userId: string; runId: string; origin: string }): ToolServices {
  const catalog = loadCatalog(ctx.config);
  const cost = ctx.config.TOOL_CALL_COST_CREDITS;
  return {
    hasCredentials: (userId, serverId) => userHasCredentials(ctx, userId, serverId),
    serverName: (serverId) => catalog.mcpServers[serverId]?.name ?? serverId,
    searchKnowledge: (ids, query, limit) => searchKnowledge(ctx.db, ids, query, limit),
    computerUrl: (runId) => computerUrl(run.origin, runId),
    async chargeToolCall(toolName) {
      if (cost <= 0) return;
      const debit = await debitCredits(ctx.db, {
        userId: run.userId,
        amount: cost,
        description: `Tool call: ${toolName}`,
        reference: run.runId,
      });
      if (!debit.ok) throw new OutOfCreditsError(toolName);
    },
  };
}
