// The Agent's Computer through the real server and Chromium: a run's browser opens this server's workflow view and
// its stream delivers frames to the run's owner only (another user's, a misaddressed or a stale link is refused).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createComputerTokens } from '../src/computer/tokens.ts';
import { getOrCreateSetting } from '../src/settings.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';

type Message = { type: string; [key: string]: unknown };

/** Opens the stream of a vnc.html link and collects its messages until `enough` says so (or it closes). */
function watchStream(
  origin: string,
  vncUrl: string,
  enough: (messages: Message[]) => boolean,
): Promise<{ messages: Message[]; code: number | null }> {
  const url = new URL(vncUrl);
  const stream = `${origin.replace(/^http/, 'ws')}${url.pathname.replace(/vnc\.html$/, 'stream')}${url.search}`;
  const ws = new WebSocket(stream);
  const messages: Message[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error(`stream timed out after ${JSON.stringify(messages.map((m) => m.type))}`));
    }, 20_000);
    ws.on('message', (data) => {
      messages.push(JSON.parse(data.toString()) as Message);
      if (enough(messages)) {
        clearTimeout(timer);
        ws.close();
        resolve({ messages, code: null });
      }
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve({ messages, code });
    });
    ws.on('error', reject);
  });
}

describe("the Agent's Computer on the real Chromium", () => {
  let server: TestServer;
  let origin: string;
  let alice: string;
  let bob: string;
  let aliceRun: { runId: string; vncUrl: string };

  before(async () => {
    server = await startTestServer({ CHROMIUM_PATH: CHROMIUM, FREE_CREDITS: '500' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    alice = await signIn(server, 'alice@example.com');
    bob = await signIn(server, 'bob@example.com');
  });
  after(() => server?.close());

  const runWithBrowser = async (token: string) => {
    const res = await client(server, token).post(`/teams/${TEAM_ID}/chat`, {
      message: 'Every Monday post weekly sales figures to Slack',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const call = res.body.data.tools.find((t: { tool_name: string }) => t.tool_name === 'open_url');
    assert.ok(call, 'the browser member was called');
    const head = JSON.parse(String(call.result).split('\n\n')[0]!);
    const runId = /\/computer\/([0-9a-f-]{36})\/vnc\.html/.exec(head.vnc_url)![1]!;
    return { call, head, runId, vncUrl: head.vnc_url as string };
  };

  it("a run opens this server's workflow view, and its stream delivers the frames with the real address", async () => {
    const { call, head, runId, vncUrl } = await runWithBrowser(alice);
    aliceRun = { runId, vncUrl };
    // Offline, the documentation page cannot be reached: the result says so, and the browser stays on the view.
    assert.equal(call.tool_call_error, true);
    assert.match(call.result, /Refused to open https:\/\/docs\.n8n\.io\/\S+: the host name could not be resolved/);
    assert.match(head.url, new RegExp(`/computer/${runId}/workflow\\.html$`), 'the token is not shown');
    assert.match(vncUrl, /\/vnc\.html\?token=/);

    const page = await server.app.inject({
      method: 'GET',
      url: `${new URL(vncUrl).pathname}${new URL(vncUrl).search}`,
    });
    assert.equal(page.statusCode, 200);
    assert.match(
      String(page.headers['content-security-policy']),
      /script-src 'self'; connect-src 'self'; img-src data:/,
    );
    assert.match(page.body, /<script src="\/computer\/assets\/viewer\.js"><\/script>/);
    assert.match(page.body, /Failed to load the remote desktop stream\. Please try again or open in a new tab\./);

    const { messages } = await watchStream(origin, vncUrl, (m) => m.some((x) => x.type === 'frame'));
    const state = messages.find((m) => m.type === 'state')!;
    assert.equal(state.state, 'finished', 'the run ended: its browser closed');
    const frame = messages.find((m) => m.type === 'frame')!;
    assert.ok(
      Buffer.from(String(frame.data), 'base64')
        .subarray(0, 2)
        .equals(Buffer.from([0xff, 0xd8])),
      'a JPEG',
    );
    assert.match(String(frame.url), new RegExp(`/computer/${runId}/workflow\\.html$`));
    assert.ok(!JSON.stringify(messages).includes('token='), 'no token in any address or title');
    // The title the page settled on (the last state sent), whatever the last frame caught during loading.
    const settled = messages.filter((m) => m.type === 'state').at(-1)!;
    assert.match(String(settled.title), /^2 nodes: /);
  });

  it('the workflow view shows the nodes the run built', async () => {
    const token = await server.ctx.computerTokens.sign(aliceRun.runId, (await me(alice)).id, 'workflow');
    const view = await server.app.inject({
      method: 'GET',
      url: `/computer/${aliceRun.runId}/workflow.json?token=${token}`,
    });
    assert.equal(view.statusCode, 200);
    const body = view.json();
    assert.equal(body.done, true);
    assert.deepEqual(
      body.nodes.map((n: { type: string }) => n.type),
      ['n8n-nodes-base.scheduleTrigger', 'n8n-nodes-base.slack'],
    );
    assert.ok(body.lookedUp.includes('n8n-nodes-base.slack'));
    // The viewing link does not open the workflow view (and the other way round).
    const viewToken = new URL(aliceRun.vncUrl).searchParams.get('token');
    const wrong = await server.app.inject({
      method: 'GET',
      url: `/computer/${aliceRun.runId}/workflow.json?token=${viewToken}`,
    });
    assert.equal(wrong.statusCode, 403);
  });

  const me = async (token: string) => (await client(server, token).get('/auth/users/me')).body as { id: string };

  it("the owner's link works; another user's link, a link made out to another user and a stale link are refused", async () => {
    const bobRun = await runWithBrowser(bob);
    const bobToken = new URL(bobRun.vncUrl).searchParams.get('token')!;
    const bobOnAlice = `/computer/${aliceRun.runId}/vnc.html?token=${bobToken}&view_only=true`;
    const page = await server.app.inject({ method: 'GET', url: bobOnAlice });
    assert.equal(page.statusCode, 403);
    assert.match(page.body, /expired or was made for another run/);
    const refused = await watchStream(origin, `${origin}${bobOnAlice}`, () => false);
    assert.equal(refused.code, 4403);
    assert.deepEqual(refused.messages, [
      {
        type: 'refused',
        message: 'The link has expired or was made for another run. Open the Agent’s Computer again from your chat.',
      },
    ]);

    const madeOutToBob = await server.ctx.computerTokens.sign(aliceRun.runId, (await me(bob)).id, 'view');
    const notOwner = await server.app.inject({
      method: 'GET',
      url: `/computer/${aliceRun.runId}/vnc.html?token=${madeOutToBob}`,
    });
    assert.equal(notOwner.statusCode, 403);
    assert.match(notOwner.body, /Only the person who started this run can watch its computer/);

    const secret = await getOrCreateSetting(server.ctx.db, 'jwt_secret');
    const stale = await createComputerTokens(secret, 1).sign(aliceRun.runId, (await me(alice)).id, 'view');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await server.app.inject({
      method: 'GET',
      url: `/computer/${aliceRun.runId}/vnc.html?token=${stale}`,
    });
    assert.equal(expired.statusCode, 403);
    // An access token is no viewing link.
    const asAccess = await server.app.inject({
      method: 'GET',
      url: `/computer/${aliceRun.runId}/vnc.html?token=${alice}`,
    });
    assert.equal(asAccess.statusCode, 403);

    const own = await watchStream(origin, aliceRun.vncUrl, (m) => m.some((x) => x.type === 'frame'));
    assert.ok(
      own.messages.some((m) => m.type === 'frame'),
      "the owner's link still streams",
    );
  });
});
