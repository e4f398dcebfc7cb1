// Statelessness: two server instances on one PostgreSQL serve the same users and sessions, turn by turn.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { StreamFrame } from '../../contract/types.ts';
import { createServer, type Server } from '../src/server.ts';
import { client, signIn, startTestServer } from './helpers.ts';

/** Sends one message on a fresh socket and collects frames up to the last one. */
function runOverSocket(server: Server, token: string, body: object): Promise<StreamFrame[]> {
  const { port } = server.app.server.address() as AddressInfo;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/teams/${server.ctx.config.TEAM_ID}/ws?token=${token}`);
  const frames: StreamFrame[] = [];
  return new Promise((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify(body)));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as StreamFrame;
      frames.push(frame);
      if (frame.type === 'end' || frame.type === 'error') {
        ws.close();
        resolve(frames);
      }
    });
    ws.on('error', reject);
    ws.on('close', () => resolve(frames));
  });
}

const shared = process.env.TEST_DATABASE_URL;

describe('two server instances on one PostgreSQL', () => {
  it(
    `serve the same users: a session started on one continues on the other${shared ? '' : ' (skipped: TEST_DATABASE_URL is unset)'}`,
    { skip: shared ? false : 'TEST_DATABASE_URL is unset' },
    async () => {
      const a = await startTestServer({ FREE_CREDITS: '100' });
      // Same database and data folder, separate process state: its own pool, app and event loop work.
      const b = await createServer({ ...a.ctx.config }, { inMemory: true });
      try {
        await a.app.listen({ port: 0, host: '127.0.0.1' });
        await b.app.listen({ port: 0, host: '127.0.0.1' });
        const token = await signIn(a, 'roaming@example.com');

        const first = await runOverSocket(a, token, {
          message: 'Every day at 9am fetch https://api.example.com/report',
        });
        assert.equal(first.at(-1)?.type, 'end');
        const sessionId = first[0]!.session_id!;

        const second = await runOverSocket(b, token, {
          message: 'And post it to #reports on Slack',
          session_id: sessionId,
        });
        assert.equal(second[0]?.session_id, sessionId);
        assert.equal(second.at(-1)?.type, 'end');

        const fromA = await client(a, token).get(`/teams/sessions/${sessionId}/messages`);
        const fromB = await client(b, token).get(`/teams/sessions/${sessionId}/messages`);
        assert.deepEqual(
          fromA.body.data.messages.map((m: { role: string }) => m.role),
          ['user', 'team_response', 'user', 'team_response'],
        );
        assert.deepEqual(fromB.body.data.messages, fromA.body.data.messages);

        // The owner's link to a run served by B opens on A: the owner check reads the stored reply.
        const runId = second.find((f) => f.run_id)?.run_id;
        const me = await client(a, token).get('/auth/users/me');
        const link = await a.ctx.computerTokens.sign(runId!, me.body.id, 'view');
        const page = await a.app.inject({ method: 'GET', url: `/computer/${runId}/vnc.html?token=${link}` });
        assert.equal(page.statusCode, 200, 'a run served by B can be watched from A');
        assert.match(page.body, /Agent's Computer/);

        const balanceA = await client(a, token).get('/credits/balance');
        const balanceB = await client(b, token).get('/credits/balance');
        assert.deepEqual(balanceA.body, balanceB.body);
        assert.ok(balanceA.body.available_credits < 100 - 10, 'both runs were charged to the one ledger');
      } finally {
        await b.app.close();
        await b.database.close();
        await a.close();
      }
    },
  );
});
