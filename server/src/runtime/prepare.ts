// Everything checked and paid before a run starts: team access, session, files, and the run's credits.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ChatSession, Team } from '../../../src/services/contract.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../auth/guard.ts';
import { debitCredits } from '../credits/ledger.ts';
import { HttpError, paymentRequired, unprocessable } from '../http/errors.ts';
import { loadBilling } from '../payments/billing.ts';
import { settleUserSubscriptions } from '../payments/subscriptions.ts';
import { getTeamForUser } from '../teams/service.ts';
import { getOwnedFiles, getOwnedSession, type OwnedFile } from '../teams/sessions.ts';

export const MAX_MESSAGE_CHARS = 100_000;

const idSchema = z.string().trim().min(1).max(100);
/** Clients that lost track of a session send "undefined" or "null" (SPEC §2: the string undefined counts as absent). */
const sessionIdSchema = z.preprocess((v) => (v === '' || v === 'undefined' || v === 'null' ? null : v), idSchema.nullish());

/** Client → server: `{message, session_id?, file_ids?}` (SPEC §3 streaming message payload). */
export const runRequestSchema = z.object({
  message: z.string().max(MAX_MESSAGE_CHARS).refine((m) => m.trim().length > 0, 'message must not be empty'),
  session_id: sessionIdSchema,
  file_ids: z.array(idSchema).max(20).optional(),
});
export type RunRequestBody = z.infer<typeof runRequestSchema>;

export interface PreparedRun {
  runId: string;
  team: Team;
  user: UserRow;
  message: string;
  /** The session to continue; null means a new one is created when the run starts. */
  session: ChatSession | null;
  files: OwnedFile[];
  origin: string;
}

export async function prepareRun(
  ctx: AppContext,
  input: { teamId: string; user: UserRow; body: RunRequestBody; origin: string },
): Promise<PreparedRun> {
  const team = await getTeamForUser(ctx, input.teamId, input.user);
  const sessionId = input.body.session_id;
  const session = sessionId ? await getOwnedSession(ctx, sessionId, input.user.id) : null;
  if (session && session.team_id !== team.id) throw unprocessable('The session belongs to another team');
  const fileIds = [...new Set(input.body.file_ids ?? [])];
  const files = await getOwnedFiles(ctx, input.user.id, fileIds);
  if (files.length !== fileIds.length) throw new HttpError(404, 'File not found');
  const runId = randomUUID();
  const cost = ctx.config.RUN_COST_CREDITS;
  if (cost > 0) {
    // A period that ended must expire its credits before this run may spend them.
    await settleUserSubscriptions(ctx, loadBilling(ctx.config), input.user.id);
    const debit = await debitCredits(ctx.db, { userId: input.user.id, amount: cost, description: `Team chat run: ${team.name}`, reference: runId });
    if (!debit.ok) {
      throw paymentRequired(
        `Insufficient credits: a team run costs ${cost} credits and your balance is ${debit.balance.available_credits}. Purchase credits to continue.`,
      );
    }
  }
  return { runId, team, user: input.user, message: input.body.message, session, files, origin: input.origin };
}
