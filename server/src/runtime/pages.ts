// Pages served outside /api/v1 by the runtime: the Agent's Computer (vnc.html and its frame stream) and the live
// workflow view the run's browser opens. Every one needs the run owner's signed link (computer/tokens.ts).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ReplyWorkflow, ToolCall } from '../../../contract/types.ts';
import type { ComputerPurpose } from '../computer/tokens.ts';
import type { ScreenEvent } from '../computer/screen.ts';
import { Viewer } from '../computer/viewers.ts';
import type { AppContext } from '../context.ts';
import { chatMessages, chatSessions } from '../db/schema.ts';
import { COMPUTER_CSP, renderComputerPage, renderComputerRefusal } from './computerPage.ts';
import { VIEWER_SCRIPT, WORKFLOW_SCRIPT } from './computerScripts.ts';
import { renderWorkflowViewPage, WORKFLOW_VIEW_CSP, workflowView } from './workflowView.ts';

/** A run cut off mid-step never finishes; its view stops waiting for it after a while. */
const STALE_AFTER_MS = 10 * 60 * 1000;
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Close code of a refused stream (the page also gets the reason as a message). */
const CLOSE_REFUSED = 4403;
/** Viewers of one run at once (the owner's tabs and devices): each costs a socket and its frames. */
const MAX_VIEWERS_PER_RUN = 10;

interface RunRow {
  ownerId: string;
  toolCalls: ToolCall[];
  workflow: ReplyWorkflow | null;
  done: boolean;
}

type Access = { run: RunRow; userId: string } | { status: 403 | 404; heading: string; text: string };

type LinkRequest = FastifyRequest<{ Params: { runId: string }; Querystring: { token?: unknown } }>;

/** Read from the stored reply, so any server instance can check any run. */
async function loadRun(ctx: AppContext, runId: string): Promise<RunRow | null> {
  const [row] = await ctx.db
    .select({
      ownerId: chatSessions.userId,
      toolCalls: chatMessages.toolCalls,
      workflow: chatMessages.workflow,
      runStatus: chatMessages.runStatus,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(and(eq(chatMessages.runId, runId), eq(chatMessages.role, 'team_response')));
  if (!row) return null;
  const stale = ctx.now().getTime() - row.createdAt.getTime() > STALE_AFTER_MS;
  const done = (row.runStatus !== null && row.runStatus !== 'running') || stale;
  return { ownerId: row.ownerId, toolCalls: row.toolCalls, workflow: row.workflow ?? null, done };
}

const NOT_FOUND = {
  status: 404,
  heading: 'Run not found',
  text: 'This run was not found. It may have been deleted.',
} as const;

/** The link's run and user, or why it shows nothing: only the run's owner, with a link that has not expired. */
async function checkLink(ctx: AppContext, request: LinkRequest, purpose: ComputerPurpose): Promise<Access> {
  const runId = request.params.runId.toLowerCase();
  if (!RUN_ID.test(runId)) return NOT_FOUND;
  const token = typeof request.query.token === 'string' ? request.query.token : '';
  const userId = token ? await ctx.computerTokens.verify(token, runId, purpose) : null;
  if (!userId)
    return {
      status: 403,
      heading: 'This link does not open the computer',
      text: token
        ? 'The link has expired or was made for another run. Open the Agent’s Computer again from your chat.'
        : 'The link has no access token. Open the Agent’s Computer from your chat.',
    };
  const run = await loadRun(ctx, runId);
  if (!run) return NOT_FOUND;
  if (run.ownerId !== userId)
    return {
      status: 403,
      heading: 'Not your run',
      text: 'Only the person who started this run can watch its computer.',
    };
  return { run, userId };
}

function refuse(reply: FastifyReply, access: Exclude<Access, { run: RunRow }>) {
  return reply.status(access.status).send(renderComputerRefusal(access.heading, access.text));
}

/** The frame stream of one run's screen to one viewer, rate-limited; nothing the viewer sends reaches the browser. */
function watch(ctx: AppContext, socket: WebSocket, runId: string, run: RunRow): void {
  const screen = ctx.computer.screen(runId, run.ownerId);
  if (screen.state === 'waiting' && run.done) screen.update({ state: 'finished' });
  const viewer = new Viewer(socket, 1000 / ctx.config.COMPUTER_MAX_FPS);
  const stateMessage = () =>
    JSON.stringify({ type: 'state', state: screen.state, url: screen.url, title: screen.title });
  const frameMessage = (f: NonNullable<typeof screen.last>) =>
    JSON.stringify({ type: 'frame', data: f.data, url: f.url, title: f.title, at: f.at });
  viewer.notice(stateMessage());
  if (screen.last) viewer.frame(frameMessage(screen.last));
  const unsubscribe = screen.subscribe((event: ScreenEvent) => {
    if (event.type === 'frame') viewer.frame(frameMessage(event.frame));
    else viewer.notice(stateMessage());
  });
  socket.on('close', () => {
    unsubscribe();
    viewer.close();
  });
}

export async function runtimePages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The run's browser reaches this server where it listens (a wildcard address by loopback).
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const host = ['0.0.0.0', '::'].includes(address.address)
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    ctx.computer.selfOrigin = `http://${host}:${address.port}`;
  });

  const html = (reply: FastifyReply, csp: string) =>
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8');

  app.get('/computer/:runId/vnc.html', async (request: LinkRequest, reply) => {
    const access = await checkLink(ctx, request, 'view');
    html(reply, COMPUTER_CSP);
    return 'run' in access ? reply.send(renderComputerPage()) : refuse(reply, access);
  });

  const accessOf = new WeakMap<FastifyRequest, Access>();
  app.get(
    '/computer/:runId/stream',
    {
      websocket: true,
      preValidation: async (request: LinkRequest) => {
        accessOf.set(request, await checkLink(ctx, request, 'view'));
      },
    },
    (socket: WebSocket, request: LinkRequest) => {
      socket.on('error', (error) => request.log.warn({ err: error }, 'computer stream error'));
      const access = accessOf.get(request);
      if (!access || !('run' in access)) {
        socket.send(JSON.stringify({ type: 'refused', message: access?.text ?? 'You cannot watch this run.' }));
        socket.close(CLOSE_REFUSED, 'refused');
        return;
      }
      const runId = request.params.runId.toLowerCase();
      if (ctx.computer.screen(runId, access.run.ownerId).viewers >= MAX_VIEWERS_PER_RUN) {
        const message = `This run already has ${MAX_VIEWERS_PER_RUN} viewers; close one of them and try again.`;
        socket.send(JSON.stringify({ type: 'refused', message }));
        socket.close(CLOSE_REFUSED, 'too many viewers');
        return;
      }
      watch(ctx, socket, runId, access.run);
    },
  );

  app.get('/computer/:runId/workflow.html', async (request: LinkRequest, reply) => {
    const access = await checkLink(ctx, request, 'workflow');
    html(reply, WORKFLOW_VIEW_CSP);
    return 'run' in access
      ? reply.send(renderWorkflowViewPage(request.params.runId.toLowerCase()))
      : refuse(reply, access);
  });

  app.get('/computer/:runId/workflow.json', async (request: LinkRequest, reply) => {
    const access = await checkLink(ctx, request, 'workflow');
    reply.header('cache-control', 'no-store');
    if (!('run' in access)) return reply.status(access.status).send({ detail: access.text });
    return workflowView(access.run);
  });

  const script = (source: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(source);
  app.get('/computer/assets/viewer.js', script(VIEWER_SCRIPT));
  app.get('/computer/assets/workflow.js', script(WORKFLOW_SCRIPT));
}
