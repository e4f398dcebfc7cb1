// WebSocket /api/v1/teams/{id}/ws: authenticates by the token query parameter and runs one team run per message.
import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket, RawData } from 'ws';
import type { StreamFrame } from '../../../src/services/contract.ts';
import type { AppContext } from '../context.ts';
import { userFromToken, type UserRow } from '../auth/guard.ts';
import { HttpError, zodMessage } from '../http/errors.ts';
import { sessionIdsOf, type SessionIds } from '../teams/sessionIds.ts';
import { getTeamForUser } from '../teams/service.ts';
import type { RuntimeContext } from './context.ts';
import { errorFrame, frameFromHttpError, publicOrigin } from './frames.ts';
import { prepareRun, runRequestSchema } from './prepare.ts';
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
type Access = { user: UserRow; ids: SessionIds } | { refusal: StreamFrame; code: number };

/** Runs before the upgrade, so a socket is open only once its token and team are checked. */
async function checkAccess(ctx: AppContext, request: FastifyRequest<SocketRequest>): Promise<Access> {
  try {
    const token = typeof request.query.token === 'string' ? request.query.token : null;
    const user = await userFromToken(ctx, token);
    if (!user) {
      const text = token ? 'Invalid or expired token.' : 'Missing token: connect with ?token=<access token>.';
      return { refusal: errorFrame('unauthorized', text), code: CLOSE.unauthorized };
    }
    await getTeamForUser(ctx, request.params.id, user);
    return { user, ids: await sessionIdsOf(ctx) };
  } catch (error) {
    if (error instanceof HttpError) return { refusal: frameFromHttpError(error), code: closeCodeOf(error) };
    request.log.error({ err: error }, 'websocket authentication failed');
    return { refusal: errorFrame('server_error', 'The server could not open the chat. Please try again.'), code: 1011 };
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

export function registerRunSocket(
  app: FastifyInstance,
  ctx: RuntimeContext,
  slots: RunSlots,
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
      const send = (frame: StreamFrame) => {
        if (socket.readyState !== socket.OPEN) return;
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
      const refuse = (frame: StreamFrame, code: number) => {
        send(frame);
        socket.close(code, String(frame.error_code ?? 'error').slice(0, 100));
      };
      socket.on('error', (error) => request.log.warn({ err: error }, 'websocket error'));
      const access = accessOf.get(request);
      if (!access || 'refusal' in access) {
        return refuse(
          access?.refusal ?? errorFrame('server_error', 'The server could not open the chat. Please try again.'),
          access?.code ?? 1011,
        );
      }
      const { user, ids } = access;
      const teamId = request.params.id;
      let running: AbortController | null = null;
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
        running?.abort();
      });

      socket.on('message', (data: RawData, isBinary: boolean) => {
        if (byteLength(data) > MAX_FRAME_BYTES)
          return send(errorFrame('frame_too_large', 'The message is larger than 1 MB.'));
        if (isBinary)
          return send(
            errorFrame('invalid_frame', 'Send JSON text frames: {"message": "…", "session_id": "…", "file_ids": []}.'),
          );
        let json: unknown;
        try {
          json = JSON.parse(data.toString());
        } catch {
          return send(
            errorFrame(
              'invalid_frame',
              'The message is not valid JSON. Send {"message": "…", "session_id": "…", "file_ids": []}.',
            ),
          );
        }
        // The session may also come from the socket's session_id query parameter when the message names none.
        const withSession =
          json && typeof json === 'object' && !Array.isArray(json)
            ? { ...json, session_id: (json as { session_id?: unknown }).session_id ?? request.query.session_id }
            : json;
        const body = runRequestSchema.safeParse(withSession);
        if (!body.success) return send(errorFrame('invalid_request', `Invalid message: ${zodMessage(body.error)}`));
        if (running)
          return send(
            errorFrame('run_in_progress', 'A run is already in progress on this connection; wait for its end frame.'),
          );
        const controller = new AbortController();
        running = controller;
        // The first frame goes out at once: the session id is known (the client's, or one issued to this user), and
        // the checks, the payment and the stored messages follow before the run produces anything.
        const sessionId = body.data.session_id ?? ids.issue(user.id, teamId);
        send({ type: 'start', session_id: sessionId });
        void (async () => {
          try {
            const origin = publicOrigin(ctx.config, request);
            const prepared = await admissions.use(controller.signal, async () => {
              // A turn of the event loop first: messages that arrived meanwhile get their start frames.
              await nextTurn();
              return prepareRun(ctx, { teamId, user, body: body.data, origin, sessionId, signal: controller.signal });
            });
            await executeRun(ctx, prepared, send, controller.signal, request.log, slots);
          } catch (error) {
            if (controller.signal.aborted) return;
            if (!(error instanceof HttpError)) {
              request.log.error({ err: error }, 'websocket run failed');
              return send(
                errorFrame('run_failed', 'The team run failed unexpectedly. Please try again.', {
                  session_id: sessionId,
                }),
              );
            }
            const frame = { ...frameFromHttpError(error), session_id: sessionId };
            if (error.statusCode === 402) refuse(frame, CLOSE.insufficientCredits);
            else send(frame);
          } finally {
            if (running === controller) running = null;
          }
        })();
      });
    },
  );
}
