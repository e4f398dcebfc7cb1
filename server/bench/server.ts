// Server figure: 200 concurrent WebSocket runs of the built-in team with pacing off, against lone runs in the same process.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, gte, like } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { chatMessages } from '../src/db/schema.ts';
import { createServer, type Server } from '../src/server.ts';
import { signIn } from '../test/helpers.ts';
import { percentile, round, type Figure } from './figure.ts';
import type { LoadRequest, LoadResult } from './loadClient.ts';

const CONCURRENT_RUNS = Number(process.env.BENCH_RUNS ?? 200);
const USERS = 20;
const LONE_RUNS = 10;
const MESSAGE = 'Every Monday at 8am fetch https://api.example.com/sales and post a summary to #sales on Slack';

/** Runs the load generator in a child process and waits for its timings. */
function runLoad(request: LoadRequest): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./loadClient.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send(request);
  });
}

async function storedAnswers(server: Server, since: Date): Promise<number> {
  const rows = await server.ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.role, 'team_response'),
        gte(chatMessages.createdAt, since),
        like(chatMessages.content, '%```json%'),
      ),
    );
  return rows.length;
}

export async function serverBench(): Promise<Figure[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ats-bench-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    STREAM_DELAY_MS: '0',
    FREE_CREDITS: '1000000',
    RATE_LIMIT_SIGN_IN: '100000',
    // Ten runs per user at once: this measures the server, not the per-user limit.
    MAX_RUNS_PER_USER: '1000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const server = await createServer(config, { inMemory: true });
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const tokens = await Promise.all(Array.from({ length: USERS }, (_, i) => signIn(server, `bench-${i}@example.com`)));
    const url = (token: string) => `ws://127.0.0.1:${port}/api/v1/teams/${config.TEAM_ID}/ws?token=${token}`;
    const since = new Date();
    // Lone runs first, one after another: the baseline, and a warm-up of the code paths.
    const load = await runLoad({
      urls: tokens.map(url),
      message: MESSAGE,
      loneRuns: LONE_RUNS,
      concurrentRuns: CONCURRENT_RUNS,
    });
    const firstFrames = load.concurrent.map((r) => r.firstFrameMs);
    const loneFirst = load.lone.map((r) => r.firstFrameMs);
    const errors = load.concurrent.filter((r) => !r.ok).length + load.lone.filter((r) => !r.ok).length;
    const stored = (await storedAnswers(server, since)) - LONE_RUNS;
    const seconds = load.concurrentSeconds;
    const loneRunsPerSecond = LONE_RUNS / load.loneSeconds;
    return [
      {
        name: 'server.concurrent_runs_per_second',
        value: round(CONCURRENT_RUNS / seconds),
        unit: 'runs/s',
        comparison: { against: 'one run at a time', value: round(loneRunsPerSecond) },
      },
      {
        name: 'server.first_frame_latency_p50',
        value: round(percentile(firstFrames, 50)),
        unit: 'ms',
        comparison: { against: 'lone run p50', value: round(percentile(loneFirst, 50)) },
      },
      {
        name: 'server.first_frame_latency_p99',
        value: round(percentile(firstFrames, 99)),
        unit: 'ms',
        comparison: { against: 'lone run p99', value: round(percentile(loneFirst, 99)), target: 'under 100 ms' },
      },
      {
        name: 'server.run_errors',
        value: errors,
        unit: 'runs',
        comparison: { against: 'runs started', value: CONCURRENT_RUNS, target: '0' },
      },
      {
        name: 'server.runs_stored',
        value: stored,
        unit: 'runs',
        comparison: { against: 'runs started', value: CONCURRENT_RUNS, target: 'all' },
      },
    ];
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
