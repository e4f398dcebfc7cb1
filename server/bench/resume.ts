// Figure "resume": runs whose socket is cut 1–3 times each at random points and resumed on a new socket after the
// last frame received. Every run's frames, put together, must be 1..N exactly once (lost 0, duplicated 0); the time
// from sending the resume to the first missing frame is measured (target p99 under 200 ms). The client runs in a
// child process (resumeClient.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { createServer } from '../src/server.ts';
import { signIn } from '../test/helpers.ts';
import { percentile, round, type Figure } from './figure.ts';
import type { ResumeRequest, RunResult } from './resumeClient.ts';

const RUNS = Number(process.env.BENCH_RESUME_RUNS ?? 200);
const AT_ONCE = 10;
const MESSAGE = 'Every Monday at 8am fetch https://api.example.com/sales and post a summary to #sales on Slack';

/** Runs the client in a child process and waits for its results. */
function runClient(request: ResumeRequest): Promise<RunResult[]> {
  const child = fork(fileURLToPath(new URL('./resumeClient.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as RunResult[]));
    child.once('exit', (code) => reject(new Error(`resume client exited with ${code}`)));
    child.send(request);
  });
}

export async function resumeBench(): Promise<Figure[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ats-bench-resume-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Paced text: a run lasts long enough (about a second) to be cut in the middle.
    STREAM_DELAY_MS: '2',
    FREE_CREDITS: '1000000',
    RATE_LIMIT_SIGN_IN: '100000',
    MAX_RUNS_PER_USER: '1000',
    MCP_WARM_TOOL_LISTS: 'false',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const server = await createServer(config, { inMemory: true });
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const token = await signIn(server, 'bench-resume@example.com');
    const url = `ws://127.0.0.1:${port}/api/v1/teams/${config.TEAM_ID}/ws?token=${token}`;
    const results = await runClient({ url, message: MESSAGE, runs: RUNS, atOnce: AT_ONCE });
    let lost = 0;
    let duplicated = 0;
    for (const r of results) {
      const unique = new Set(r.seqs);
      duplicated += r.seqs.length - unique.size;
      for (let seq = 1; seq <= r.last; seq++) if (!unique.has(seq)) lost += 1;
    }
    const latencies = results.flatMap((r) => r.resumes);
    const failed = results.filter((r) => !r.ok).length;
    const target = 'p99 under 200 ms';
    return [
      {
        name: 'resume: frames lost',
        value: lost,
        unit: 'frames',
        comparison: { against: `runs finished (of ${RUNS})`, value: RUNS - failed, target: '0' },
      },
      {
        name: 'resume: frames duplicated',
        value: duplicated,
        unit: 'frames',
        comparison: { against: 'resumes', value: latencies.length, target: '0' },
      },
      {
        name: 'resume: reconnect to first missing frame p50',
        value: round(percentile(latencies, 50)),
        unit: 'ms',
        comparison: { against: 'p99', value: round(percentile(latencies, 99)), target },
      },
    ];
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
