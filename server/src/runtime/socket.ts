// WebSocket /api/v1/teams/{id}/ws: authenticates by the token query parameter and runs one team run per message.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket, RawData } from 'ws';
import { z } from 'zod';
import { type ErrorFrame, frames, type WireFrame } from '../../../contract/frames.ts';
import type { AppContext } from '../context.ts';
import { userFromToken, type UserRow } from '../auth/guard.ts';
import { HttpError, zodMessage } from '../http/errors.ts';
import { sessionIdsOf, type SessionIds } from '../teams/sessionIds.ts';
import { getTeamForUser } from '../teams/service.ts';
import type { RuntimeContext } from './context.ts';
import { frameFromHttpError, publicOrigin } from './frames.ts';
import { RunForbiddenError, RunNotFoundError, tooManyRuns, type Follow, type RunHub } from './hub.ts';
import { runRequestSchema, type RunRequestBody } from '../../../contract/bodies.ts';
import { prepareRun } from './prepare.ts';
import { executeRun } from './run.ts';
import { RunSlots } from './slots.ts';

/** Frames above this get an error frame; the transport itself accepts up to MAX_WS_PAYLOAD_BYTES (http/limits.ts). */
const MAX_FRAME_BYTES = 1024 * 1024;
export const HEARTBEAT_MS = 25_000;
/**
 * Runs being checked and paid for at once. Embedded PGlite executes queries on this thread and chains them in
 * microtasks, so many admissions at once would keep the event loop from reading new messages (and sending
 * their start frames) until all of them were done; in turns, each waits at most for a few admissions.
 */
const ADMISSIONS_AT_ONCE = 2;

/** Close codes in the private range, one per reason, after the error frame that explains it. */
const CLOSE = { unauthorized: 4401, insufficientCredits: 4402, forbidden: 4403, notFound: 4404 } as const;

interface SocketRequest {
  Params: { id: string };
  Querystring: { token?: string; session_id?: string };
}

/** What the check on connecting decided: the user and the session ids to issue, or the frame that refuses. */
type Access = { user: UserRow; ids: SessionIds } | { refusal: ErrorFrame; code: number };

/** Runs before the upgrade, so a socket is open only once its token and team are checked. */
async function checkAccess(ctx: AppContext, request: FastifyRequest<SocketRequest>): Promise<Access> {
  try {
    const token = typeof request.query.token === 'string' ? request.query.token : null;
    const user = await userFromToken(ctx, token);
    if (!user) {
      const text = token ? 'Invalid or expired token.' : 'Missing token: connect with ?token=<access token>.';
      return { refusal: frames.error('unauthorized', text), code: CLOSE.unauthorized };
    }
    await getTeamForUser(ctx, request.params.id, user);
    return { user, ids: await sessionIdsOf(ctx) };
  } catch (error) {
    if (error instanceof HttpError) return { refusal: frameFromHttpError(error), code: closeCodeOf(error) };
    request.log.error({ err: error }, 'websocket authentication failed');
    return {
      refusal: frames.error('server_error', 'The server could not open the chat. Please try again.'),
      code: 1011,
    };
  }
}

function closeCodeOf(error: HttpError): number {
  if (error.statusCode === 404) return CLOSE.notFound;
  if (error.statusCode === 401) return CLOSE.unauthorized;
  return CLOSE.forbidden;
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** The socket's own messages beside run requests (docs/PROTOCOL.md): follow a run after a frame, or stop one. */
const controlSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('resume'),
    run_id: z.string().min(1).max(100),
    after_seq: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('stop'), run_id: z.string().min(1).max(100).optional() }),
]);

export function registerRunSocket(
  app: FastifyInstance,
  ctx: RuntimeContext,
  slots: RunSlots,
  hub: RunHub,
  options = { heartbeatMs: HEARTBEAT_MS },
): void {
  const accessOf = new WeakMap<FastifyRequest, Access>();
  const admissions = new RunSlots(ADMISSIONS_AT_ONCE);
  const preValidation = async (request: FastifyRequest<SocketRequest>) => {
    accessOf.set(request, await checkAccess(ctx, request));
  };
  app.get<SocketRequest>(
    '/teams/:id/ws',
    { websocket: true, preValidation },
    (socket: WebSocket, request: FastifyRequest<SocketRequest>) => {
      // Frames produced in the same tick leave in one write: the TCP socket is corked until the tick ends.
      const tcp = (socket as unknown as { _socket?: Socket })._socket;
      let corked = false;
      const send = (frame: WireFrame) => {
        if (socket.readyState !== socket.OPEN) return;
        ctx.onFrame?.(frame);
        if (tcp && !corked) {
          corked = true;
          tcp.cork();
          process.nextTick(() => {
            corked = false;
            tcp.uncork();
          });
        }
        socket.send(JSON.stringify(frame));
      };
      const refuse = (frame: ErrorFrame, code: number) => {
        send(frame);
        socket.close(code, frame.error_code.slice(0, 100));
      };
      socket.on('error', (error) => request.log.warn({ err: error }, 'websocket error'));
      const access = accessOf.get(request);
      if (!access || 'refusal' in access) {
        return refuse(
          access?.refusal ?? frames.error('server_error', 'The server could not open the chat. Please try again.'),
          access?.code ?? 1011,
        );
      }
      const { user, ids } = access;
      const teamId = request.params.id;
      /** The run this connection follows (one it started or one it resumed), until its last frame. */
      let following: Follow | null = null;
      let busy = false;
      /** Aborts a run this connection started that has not been paid for yet: a client that left is not charged. */
      let unadmitted: AbortController | null = null;
      let alive = true;

      const heartbeat = setInterval(() => {
        if (socket.readyState !== socket.OPEN) return;
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, options.heartbeatMs);
      socket.on('pong', () => {
        alive = true;
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        // The run goes on without this connection; another one resumes it after the last frame it applied.
        following?.close();
        unadmitted?.abort();
      });

      const refusalOf = (error: unknown): ErrorFrame | null => {
        if (error instanceof RunNotFoundError) return frames.error('run_not_found', 'There is no run with this id.');
        if (error instanceof RunForbiddenError) return frames.error('forbidden', 'This run belongs to another user.');
        return null;
      };

      /** Follows a run to its last frame; the connection is busy until then. */
      const follow = async (runId: string, afterSeq: number): Promise<Follow> => {
        busy = true;
        try {
          const f = await hub.follow(runId, user.id, afterSeq, send);
          following = f;
          void f.done.then(() => {
            if (following === f) following = null;
            busy = false;
          });
          return f;
        } catch (error) {
          busy = false;
          throw error;
        }
      };

      const control = async (message: z.infer<typeof controlSchema>) => {
        try {
          if (message.type === 'stop') {
            const runId = message.run_id ?? following?.runId;
            if (runId) await hub.stop(runId, user.id);
            return;
          }
          if (busy)
            return send(
              frames.error('run_in_progress', 'This connection already follows a run; wait for its end frame.'),
            );
          await follow(message.run_id, message.after_seq ?? 0);
        } catch (error) {
          const refusal = refusalOf(error);
          if (refusal) return send(refusal);
          request.log.error({ err: error }, 'websocket control message failed');
          send(frames.error('server_error', 'The server could not follow the run. Please try again.'));
        }
      };

      const startRun = async (body: RunRequestBody) => {
        if ((await hub.runningCount(user.id)) >= ctx.config.MAX_RUNS_PER_USER) {
          busy = false;
          return send(frames.error('too_many_runs', tooManyRuns(ctx.config.MAX_RUNS_PER_USER)));
        }
        const controller = new AbortController();
        unadmitted = controller;
        const runId = randomUUID();
        const emit = hub.open(runId, user.id, controller);
        const mine = await follow(runId, 0);
        // The first frame goes out at once: the session id is known (the client's, or one issued to this user), and
        // the checks, the payment and the stored messages follow before the run produces anything.
        const sessionId = body.session_id ?? ids.issue(user.id, teamId);
        emit(frames.start({ session_id: sessionId }));
        try {
          const origin = publicOrigin(ctx.config, request);
          const prepared = await admissions.use(controller.signal, async () => {
            // A turn of the event loop first: messages that arrived meanwhile get their start frames.
            await nextTurn();
            return prepareRun(ctx, {
              teamId,
              user,
              body,
              origin,
              sessionId,
              runId,
              signal: controller.signal,
            });
          });
          if (unadmitted === controller) unadmitted = null;
          await executeRun(ctx, prepared, emit, controller.signal, request.log, slots);
        } catch (error) {
          if (unadmitted === controller) unadmitted = null;
          if (controller.signal.aborted) return emit(frames.error('stopped', 'The run was stopped before it started.'));
          if (!(error instanceof HttpError)) {
            request.log.error({ err: error }, 'websocket run failed');
            return emit(
              frames.error('run_failed', 'The team run failed unexpectedly. Please try again.', {
                session_id: sessionId,
              }),
            );
          }
          emit(frameFromHttpError(error, sessionId));
          if (error.statusCode === 402) {
            await mine.done;
            socket.close(CLOSE.insufficientCredits, 'insufficient_credits');
          }
        }
      };

      socket.on('message', (data: RawData, isBinary: boolean) => {
        if (byteLength(data) > MAX_FRAME_BYTES)
          return send(frames.error('frame_too_large', 'The message is larger than 1 MB.'));
        if (isBinary)
          return send(
            frames.error(
              'invalid_frame',
              'Send JSON text frames: {"message": "…", "session_id": "…", "file_ids": []}.',
            ),
          );
        let json: unknown;
        try {
          json = JSON.parse(data.toString());
        } catch {
          return send(
            frames.error(
              'invalid_frame',
              'The message is not valid JSON. Send {"message": "…", "session_id": "…", "file_ids": []}.',
            ),
          );
        }
        // Resume and Stop (docs/PROTOCOL.md) carry a type; anything else is a run request (SPEC §3).
        if (json && typeof json === 'object' && 'type' in json) {
          const message = controlSchema.safeParse(json);
          if (!message.success)
            return send(frames.error('invalid_request', `Invalid message: ${zodMessage(message.error)}`));
          return void control(message.data);
        }
        // The session may also come from the socket's session_id query parameter when the message names none.
        const withSession =
          json && typeof json === 'object' && !Array.isArray(json)
            ? { ...json, session_id: (json as { session_id?: unknown }).session_id ?? request.query.session_id }
            : json;
        const body = runRequestSchema.safeParse(withSession);
        if (!body.success) return send(frames.error('invalid_request', `Invalid message: ${zodMessage(body.error)}`));
        if (busy)
          return send(
            frames.error('run_in_progress', 'A run is already in progress on this connection; wait for its end frame.'),
          );
        busy = true;
        void startRun(body.data).catch((error: unknown) => {
          request.log.error({ err: error }, 'websocket run failed');
          busy = false;
        });
      });
    },
  );
}
