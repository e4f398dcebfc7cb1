// Runs outlive their connections: every frame of a run is numbered (run_id, seq), kept in memory while the run is
// live here and stored in run_frames, so any connection (after a reload, a dropped network, on another instance)
// follows a run from the frame after the last one it applied, exactly once and in order. Instances on one
// PostgreSQL hear of each other's frames and Stop requests through LISTEN/NOTIFY; the table is the truth, a
// notification only says "read it now".
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import { frames, type NumberedFrame, type WireFrame } from '../../../contract/frames.ts';
import { chatMessages, chatSessions, runFrames } from '../db/schema.ts';
import type { RuntimeContext } from './context.ts';

type Send = (frame: NumberedFrame) => void;

const FRAMES_CHANNEL = 'ats_run_frames';
const STOP_CHANNEL = 'ats_run_stop';
/** Frames are written together at most this often (and at once when the run ends). */
const PERSIST_EVERY_MS = 40;
/** A finished run stays in memory this long for clients reconnecting right after its end. */
const FINISHED_IN_MEMORY_MS = 60_000;
/** Frames read from the table at once when a follower catches up. */
const PAGE = 500;
/** How long a follower waits for the last frame of a run another instance has just finished (tries × ms). */
const SETTLE_TRIES = 50;
const SETTLE_MS = 100;

/** Why a run's signal was aborted: the user's Stop, the server shutting down, or the run growing too large. */
export type AbortReason = 'stopped' | 'shutdown' | 'too_large';

const isTerminal = (frame: WireFrame) => frame.type === 'end' || frame.type === 'error';

async function notify(ctx: Pick<RuntimeContext, 'db'>, channel: string, payload: string): Promise<void> {
  await ctx.db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Tells followers on every instance to read a run again (recovery marked it interrupted). */
export function announceRunChange(ctx: Pick<RuntimeContext, 'db'>, runId: string): Promise<void> {
  return notify(ctx, FRAMES_CHANNEL, `${runId} changed`);
}

/** The refusal of a run beyond MAX_RUNS_PER_USER. */
export const tooManyRuns = (max: number) =>
  `You already have ${max} team run${max === 1 ? '' : 's'} going; wait for one to finish or stop it.`;

export class RunNotFoundError extends Error {}
export class RunForbiddenError extends Error {}

interface LiveRun {
  runId: string;
  userId: string;
  controller: AbortController;
  seq: number;
  frames: NumberedFrame[];
  listeners: Set<Send>;
  pending: NumberedFrame[];
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
  finished: boolean;
}

export interface Follow {
  runId: string;
  /** Stops delivering to this follower (the run goes on). */
  close(): void;
  /** Resolves when the follower has received the run's last frame (or was closed). */
  done: Promise<void>;
}

export class RunHub {
  private readonly live = new Map<string, LiveRun>();
  /** Followers of runs held by other instances, woken by their notifications. */
  private readonly remote = new Map<string, Set<() => void>>();
  private readonly unlisten: Array<() => Promise<void>> = [];

  constructor(private readonly ctx: RuntimeContext) {}

  /** Listens for other instances' frames and Stop requests. */
  async start(): Promise<void> {
    this.unlisten.push(
      await this.ctx.listen(FRAMES_CHANNEL, (payload) => {
        const runId = payload.split(' ')[0] ?? '';
        for (const wake of this.remote.get(runId) ?? []) wake();
      }),
      await this.ctx.listen(STOP_CHANNEL, (runId) => this.live.get(runId)?.controller.abort('stopped')),
    );
  }

  /** Aborts the runs of this instance (they end as interrupted) and stops listening. */
  async shutdown(): Promise<void> {
    for (const run of this.live.values()) if (!run.finished) run.controller.abort('shutdown');
    await Promise.all([...this.live.values()].map((run) => run.writing ?? Promise.resolve()));
    await Promise.all(this.unlisten.splice(0).map((stop) => stop().catch(() => undefined)));
  }

  /** Registers a run started here; the result numbers, keeps, stores and delivers each of its frames. */
  open(runId: string, userId: string, controller: AbortController): (frame: WireFrame) => NumberedFrame {
    const run: LiveRun = {
      runId,
      userId,
      controller,
      seq: 0,
      frames: [],
      listeners: new Set(),
      pending: [],
      timer: null,
      writing: null,
      finished: false,
    };
    this.live.set(runId, run);
    return (frame) => this.emit(run, frame);
  }

  private emit(run: LiveRun, frame: WireFrame): NumberedFrame {
    const numbered: NumberedFrame = { ...frame, run_id: run.runId, seq: ++run.seq };
    run.frames.push(numbered);
    run.pending.push(numbered);
    if (isTerminal(frame)) run.finished = true;
    else if (run.seq >= this.ctx.config.MAX_RUN_FRAMES - 1 && !run.controller.signal.aborted)
      run.controller.abort('too_large');
    for (const send of run.listeners) send(numbered);
    if (run.finished) this.persist(run);
    else run.timer ??= setTimeout(() => this.persist(run), PERSIST_EVERY_MS);
    return numbered;
  }

  /** One write at a time per run; frames that came meanwhile go in the next. Then the other instances hear of it. */
  private persist(run: LiveRun): void {
    if (run.timer) clearTimeout(run.timer);
    run.timer = null;
    // Nothing to write (a timer that fired after a running write took its frames), or a write already going that
    // takes them: starting a write now would leave `writing` set for good.
    if (run.writing || !run.pending.length) return;
    run.writing = this.drain(run);
  }

  private async drain(run: LiveRun): Promise<void> {
    while (run.pending.length) {
      const batch = run.pending.splice(0);
      try {
        await this.ctx.db
          .insert(runFrames)
          .values(batch.map((f) => ({ runId: f.run_id, seq: f.seq, frame: f })))
          .onConflictDoNothing();
        await this.notify(FRAMES_CHANNEL, `${run.runId} ${batch.at(-1)!.seq}`);
      } catch {
        // The frames stay in memory for this instance's followers; another instance reads what was stored.
      }
    }
    run.writing = null;
    if (run.finished) {
      setTimeout(() => {
        if (this.live.get(run.runId) === run) this.live.delete(run.runId);
      }, FINISHED_IN_MEMORY_MS).unref();
    }
  }

  private notify(channel: string, payload: string): Promise<void> {
    return notify(this.ctx, channel, payload);
  }

  /** Runs of this user still running, on any instance (the MAX_RUNS_PER_USER check). */
  async runningCount(userId: string): Promise<number> {
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .where(and(eq(chatSessions.userId, userId), eq(chatMessages.runStatus, 'running')));
    return row?.n ?? 0;
  }

  /** Waits until every frame of the run so far is stored (tests, and the end of a non-streaming HTTP run). */
  async flushed(runId: string): Promise<void> {
    const run = this.live.get(runId);
    if (!run) return;
    if (run.pending.length) this.persist(run);
    await run.writing;
  }

  /** The run's owner and whether it is still running (here or on another instance), or null when unknown. */
  private async ownerOf(runId: string): Promise<{ userId: string; running: boolean; status?: string | null } | null> {
    const run = this.live.get(runId);
    if (run) return { userId: run.userId, running: !run.finished };
    const [row] = await this.ctx.db
      .select({ userId: chatSessions.userId, status: chatMessages.runStatus })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .where(and(eq(chatMessages.runId, runId), eq(chatMessages.role, 'team_response')))
      .limit(1);
    return row ? { userId: row.userId, running: row.status === 'running', status: row.status } : null;
  }

  /** Stop at the user's request: aborts the run here, or asks the instance that holds it. */
  async stop(runId: string, userId: string): Promise<'stopping' | 'finished'> {
    const owner = await this.ownerOf(runId);
    if (!owner) throw new RunNotFoundError();
    if (owner.userId !== userId) throw new RunForbiddenError();
    if (!owner.running) return 'finished';
    const run = this.live.get(runId);
    if (run) run.controller.abort('stopped');
    else await this.notify(STOP_CHANNEL, runId);
    return 'stopping';
  }

  /** Frames of a run after `afterSeq`, from memory or the table (the HTTP reader of a run). */
  async framesAfter(runId: string, userId: string, afterSeq: number, limit = PAGE): Promise<NumberedFrame[]> {
    const owner = await this.ownerOf(runId);
    if (!owner) throw new RunNotFoundError();
    if (owner.userId !== userId) throw new RunForbiddenError();
    return this.readAfter(runId, afterSeq, limit);
  }

  private async readAfter(runId: string, afterSeq: number, limit: number): Promise<NumberedFrame[]> {
    const run = this.live.get(runId);
    if (run) return run.frames.filter((f) => f.seq > afterSeq).slice(0, limit);
    const rows = await this.ctx.db
      .select({ frame: runFrames.frame })
      .from(runFrames)
      .where(and(eq(runFrames.runId, runId), gt(runFrames.seq, afterSeq)))
      .orderBy(asc(runFrames.seq))
      .limit(limit);
    return rows.map((r) => r.frame as NumberedFrame);
  }

  /**
   * Sends the run's frames after `afterSeq` to `send`, each once and in order, then the live ones as they come,
   * until its last frame. A run that ended without one (its instance died) gets a run_interrupted error frame.
   */
  async follow(runId: string, userId: string, afterSeq: number, send: Send): Promise<Follow> {
    const owner = await this.ownerOf(runId);
    if (!owner) throw new RunNotFoundError();
    if (owner.userId !== userId) throw new RunForbiddenError();
    let last = afterSeq;
    let closed = false;
    let settling = 0;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let unsubscribe = () => {};
    const end = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      finish();
    };
    const deliver = (frame: NumberedFrame) => {
      if (closed || frame.seq <= last) return;
      // A frame ahead of the next one: the ones between are read first (they are in memory or stored).
      if (frame.seq !== last + 1) return catchUp();
      last = frame.seq;
      send(frame);
      if (isTerminal(frame)) end();
    };
    let chain = Promise.resolve();
    const catchUp = () => {
      chain = chain.then(async () => {
        for (;;) {
          if (closed) return;
          const frames = await this.readAfter(runId, last, PAGE);
          for (const frame of frames) deliver(frame);
          if (frames.length < PAGE) break;
        }
        if (closed || this.live.has(runId)) return;
        // Not live here: stored frames are all there is unless its instance is still running it.
        const now = await this.ownerOf(runId);
        if (!closed && !now?.running) {
          const more = await this.readAfter(runId, last, 1);
          if (more.length) return catchUp();
          // A run that ended on its instance stores its final status a moment before its last frame is stored:
          // that frame is on its way (bounded wait). Only a run whose instance died (recovered as interrupted)
          // ends here without one.
          if (now && now.status !== 'interrupted' && settling++ < SETTLE_TRIES) {
            setTimeout(catchUp, SETTLE_MS);
            return;
          }
          send(
            frames.error(
              'run_interrupted',
              'The team run was interrupted because the server stopped. Please send your message again.',
              { run_id: runId, seq: last + 1 },
            ) as NumberedFrame,
          );
          end();
        }
      });
      chain = chain.catch(() => undefined);
    };
    const run = this.live.get(runId);
    if (run) {
      run.listeners.add(deliver);
      unsubscribe = () => run.listeners.delete(deliver);
    } else {
      const wakers = this.remote.get(runId) ?? new Set<() => void>();
      wakers.add(catchUp);
      this.remote.set(runId, wakers);
      unsubscribe = () => {
        wakers.delete(catchUp);
        if (!wakers.size) this.remote.delete(runId);
      };
    }
    catchUp();
    return { runId, close: end, done };
  }

  /** Frames of runs that finished more than RUN_FRAMES_KEEP_HOURS ago are deleted. */
  async sweep(): Promise<void> {
    const cutoff = new Date(this.ctx.now().getTime() - this.ctx.config.RUN_FRAMES_KEEP_HOURS * 3_600_000);
    await this.ctx.db.delete(runFrames).where(lt(runFrames.createdAt, cutoff));
  }
}
