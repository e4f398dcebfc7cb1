// Figure "computer": the Agent's Computer on the real Chromium through the real server. A page animates for a few
// seconds: the screencast's frames per second and what one of 10 viewers receives (capped by COMPUTER_MAX_FPS).
// Then the page changes every 600 ms: the time from the change to the frame arriving at each of 10 viewers (their
// WebSockets to /computer/{run}/stream, decoded), p50 and p99. Last, the memory (RSS) of the browser's processes
// per extra context (PSS), each context on its own page.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import { chatMessages, chatSessions } from '../src/db/schema.ts';
import { createServer } from '../src/server.ts';
import { client, signIn } from '../test/helpers.ts';
import { percentile, round, type Figure } from './figure.ts';

const VIEWERS = 10;
const CHANGES = Number(process.env.BENCH_COMPUTER_CHANGES ?? 30);
const ANIMATE_MS = 4000;
const CONTEXTS = 4;

/**
 * Proportional memory (PSS: shared pages split between the processes sharing them, so the browser's processes are not
 * counted once each for the same libraries) of every process below this one whose command line names chromium, in MB.
 */
function chromiumPssMb(): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  const chromium = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const pid = Number(entry);
      parents.set(pid, Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0));
      if (/chrom/i.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) {
        chromium.add(pid);
        const rollup = readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8');
        rss.set(pid, Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0));
      }
    } catch {
      // The process ended while we looked.
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parents.get(pid); p; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let kb = 0;
  for (const pid of chromium) if (below(pid)) kb += rss.get(pid) ?? 0;
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function computerBench(): Promise<Figure[]> {
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<title>Bench</title><h1 id="n" style="font-size:120px">0</h1>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const page = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ats-bench-computer-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    MCP_WARM_TOOL_LISTS: 'false',
    ALLOW_PRIVATE_TOOL_HOSTS: 'true',
    COMPUTER_MAX_CONTEXTS: String(CONTEXTS + 1),
    RATE_LIMIT_SIGN_IN: '100000',
  });
  const server = await createServer(config, { inMemory: true });
  try {
    if (server.ctx.computer.unavailable) throw new Error(server.ctx.computer.unavailable);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const token = await signIn(server, 'bench@example.com');
    const userId = (await client(server, token).get('/auth/users/me')).body.id as string;
    // A stored run of this user: what the stream checks its link against.
    const runId = randomUUID();
    const sessionId = randomUUID();
    await server.ctx.db.insert(chatSessions).values({ id: sessionId, teamId: config.TEAM_ID, userId });
    await server.ctx.db
      .insert(chatMessages)
      .values({ id: randomUUID(), sessionId, runId, role: 'team_response', content: '', runStatus: 'running' });
    const signal = new AbortController().signal;
    const session = await server.ctx.computer.session(runId, userId, { url: page, selfPaths: [] }, signal);
    const screen = server.ctx.computer.screen(runId, userId);

    const link = await server.ctx.computerTokens.sign(runId, userId, 'view');
    const received: number[][] = Array.from({ length: VIEWERS }, () => []);
    const sockets = await Promise.all(
      received.map(
        (times) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`${origin}/computer/${runId}/stream?token=${link}`);
            ws.on('message', (data) => {
              const message = JSON.parse(data.toString()) as { type: string };
              if (message.type === 'frame') times.push(performance.now());
            });
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    );
    await sleep(500);

    // Frames per second: the page animates; the screencast's rate, and what a viewer gets.
    let produced = 0;
    const count = screen.subscribe((event) => void (event.type === 'frame' && (produced += 1)));
    const before = received[0]!.length;
    await session.page.evaluate(
      `(() => { let n = 0; window.__bench = setInterval(() => { document.getElementById('n').textContent = String(++n); }, 16); })()`,
    );
    await sleep(ANIMATE_MS);
    await session.page.evaluate('clearInterval(window.__bench)');
    count();
    const sourceFps = produced / (ANIMATE_MS / 1000);
    const viewerFps = (received[0]!.length - before) / (ANIMATE_MS / 1000);
    await sleep(800);

    // Latency: one change, then quiet; the first frame each viewer receives after it.
    const latencies: number[] = [];
    for (let i = 0; i < CHANGES; i += 1) {
      const marks = received.map((times) => times.length);
      const changedAt = performance.now();
      await session.page.evaluate(`document.getElementById('n').textContent = 'change ${i}'`);
      await sleep(600);
      received.forEach((times, v) => {
        const first = times.slice(marks[v]).find((t) => t >= changedAt);
        if (first !== undefined) latencies.push(first - changedAt);
      });
    }
    sockets.forEach((ws) => ws.close());
    await server.ctx.computer.closeRun(runId);

    // Memory: the browser with no context, then with CONTEXTS contexts each showing a page.
    await sleep(1000);
    const base = chromiumPssMb();
    for (let i = 0; i < CONTEXTS; i += 1) {
      const s = await server.ctx.computer.session(`mem-${i}`, userId, { url: page, selfPaths: [] }, signal);
      await s.open(page);
    }
    await sleep(1000);
    const perContext = (chromiumPssMb() - base) / CONTEXTS;
    const delivered = latencies.length;
    return [
      {
        name: 'computer: screencast frames per second (page animating)',
        value: round(sourceFps),
        unit: 'frames/s',
        comparison: {
          against: `one viewer received (COMPUTER_MAX_FPS ${config.COMPUTER_MAX_FPS})`,
          value: round(viewerFps),
        },
      },
      {
        name: `computer: page change to frame at ${VIEWERS} viewers p50`,
        value: round(percentile(latencies, 50)),
        unit: 'ms',
        comparison: { against: 'p99', value: round(percentile(latencies, 99)) },
      },
      {
        name: 'computer: changes seen by every viewer',
        value: delivered,
        unit: 'frames',
        comparison: { against: 'changes × viewers', value: CHANGES * VIEWERS, target: 'all' },
      },
      {
        name: 'computer: memory per browser context',
        value: round(perContext),
        unit: 'MB',
        comparison: { against: 'browser without contexts', value: round(base) },
      },
    ];
  } finally {
    await server.close();
    site.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
