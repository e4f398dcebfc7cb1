// Everything checked and paid before a run starts: team access, session, files, and the run's credits.
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReplyWorkflow, StoredMessage, Team, TeamContext } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../auth/guard.ts';
import { forbidden, HttpError, notFound, paymentRequired, unprocessable } from '../http/errors.ts';
import { sessionIdsOf } from '../teams/sessionIds.ts';
import { getTeamForUser } from '../teams/service.ts';
import {
  findSessionRow,
  getOwnedFiles,
  lastWorkflow,
  recentMessages,
  storeRunStart,
  type OwnedFile,
} from '../teams/sessions.ts';
import type { RuntimeContext } from './context.ts';
import type { RunRequestBody } from '../../../contract/bodies.ts';

/** Follow-up edits replay the session's last requests: this many stored messages are read for them. */
const EDIT_CONTEXT_MESSAGES = 40;

export interface PreparedRun {
  runId: string;
  team: Team;
  user: UserRow;
  message: string;
  sessionId: string;
  /** The team context of the session the run continues (undefined for a new session). */
  teamContext: TeamContext | undefined;
  /** Earlier messages of the session, as the team's history setting asks (oldest first). */
  history: StoredMessage[];
  /** The user's earlier messages of the session (oldest first) and the last team reply, for follow-up edits. */
  earlierRequests: string[];
  lastReply: string | null;
  previous: { workflow: ReplyWorkflow; spec: unknown } | null;
  files: OwnedFile[];
  origin: string;
  /** The stored, still empty team reply the run fills in. */
  replyId: string;
}

export interface RunAdmission {
  teamId: string;
  user: UserRow;
  body: RunRequestBody;
  origin: string;
  /** The id the start frame announced; when absent, the body's session_id or a newly issued one. */
  sessionId?: string;
  /** A client that left before the run was paid for is not charged. */
  signal?: AbortSignal;
  /** The id the start frame announced (frames are numbered under it from the first). */
  runId?: string;
}

/** The session id a run announces in its start frame: the one the client named, else a new one issued to it. */
async function sessionIdOfRun(ctx: AppContext, input: Pick<RunAdmission, 'teamId' | 'user' | 'body'>): Promise<string> {
  return input.body.session_id ?? (await sessionIdsOf(ctx)).issue(input.user.id, input.teamId);
}

const sessionName = (message: string) => {
  const line = message.trim().split('\n')[0]!.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
};

/** The session's team context, or undefined when the id is one issued for a session not created yet. */
async function checkSession(
  ctx: AppContext,
  sessionId: string,
  team: Team,
  user: UserRow,
): Promise<{ teamContext: TeamContext | undefined; exists: boolean }> {
  const row = await findSessionRow(ctx, sessionId);
  if (!row) {
    if ((await sessionIdsOf(ctx)).wasIssued(sessionId, user.id, team.id))
      return { teamContext: undefined, exists: false };
    throw notFound('Session');
  }
  if (row.userId !== user.id) throw forbidden('This chat session belongs to another user');
  if (row.teamId !== team.id) throw unprocessable('The session belongs to another team');
  return { teamContext: row.teamContext, exists: true };
}

/**
 * Checks the run, then pays for it and stores its start in one transaction: a run that cannot be paid for stores
 * nothing, and a paid run always has its messages.
 */
export async function prepareRun(ctx: RuntimeContext, input: RunAdmission): Promise<PreparedRun> {
  // Each step gives the event loop a turn first: embedded PGlite runs queries on this thread, and a burst of
  // admissions must not keep other sockets' messages (and their start frames) waiting.
  const team = await getTeamForUser(ctx, input.teamId, input.user);
  await nextTurn();
  const sessionId = input.sessionId ?? (await sessionIdOfRun(ctx, input));
  const session = await checkSession(ctx, sessionId, team, input.user);
  const fileIds = [...new Set(input.body.file_ids ?? [])];
  await nextTurn();
  const files = await getOwnedFiles(ctx, input.user.id, fileIds);
  if (files.length !== fileIds.length) throw new HttpError(404, 'File not found');
  const config = team.config;
  const recent = session.exists ? await recentMessages(ctx, sessionId, EDIT_CONTEXT_MESSAGES) : [];
  const history = config?.enable_team_history ? recent.slice(-Math.max(1, config.num_history_runs ?? 3) * 2) : [];
  const earlierRequests = recent.filter((m) => m.role === 'user').map((m) => m.content);
  const lastReply =
    recent.filter((m) => (m.role === 'team_response' || m.role === 'assistant') && m.content).at(-1)?.content ?? null;
  const previous = session.exists ? await lastWorkflow(ctx, sessionId) : null;
  const runId = input.runId ?? randomUUID();
  const cost = ctx.config.RUN_COST_CREDITS;
  // A period that ended must expire its credits before this run may spend them.
  if (cost > 0) await ctx.accounts.settleSubscriptions(input.user.id);
  await nextTurn();
  input.signal?.throwIfAborted();
  const start = {
    sessionId,
    teamId: team.id,
    userId: input.user.id,
    name: sessionName(input.body.message),
    message: input.body.message,
    fileIds,
    runId,
    instanceId: ctx.config.instanceId,
  };
  const replyId = await ctx.db.transaction(async (tx) => {
    if (cost > 0) {
      const debit = await ctx.accounts.debit(
        { userId: input.user.id, amount: cost, description: `Team chat run: ${team.name}`, reference: runId },
        tx,
      );
      if (!debit.ok) {
        throw paymentRequired(
          `Insufficient credits: a team run costs ${cost} credits and your balance is ${debit.balance.available_credits}. Purchase credits to continue.`,
        );
      }
    }
    return storeRunStart(tx, start, () => ctx.now());
  });
  return {
    runId,
    team,
    user: input.user,
    message: input.body.message,
    sessionId,
    teamContext: session.teamContext,
    history,
    earlierRequests,
    lastReply,
    previous,
    files,
    origin: input.origin,
    replyId,
  };
}
