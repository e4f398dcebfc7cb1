// Figure "resume": runs whose socket is cut 1–3 times each at random points and resumed on a new socket after the
// last frame received. Every run's frames, put together, must be 1..N exactly once (lost 0, duplicated 0); the time
// from sending the resume to the first missing frame is measured (target p99 under 200 ms).
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import { createServer } from '../src/server.ts';
import { signIn } from '../test/helpers.ts';
import { percentile, round, type Figure } from './figure.ts';

const RUNS = Number(process.env.BENCH_RESUME_RUNS ?? 200);
const AT_ONCE = 10;
const MESSAGE = 'Every Monday at 8am fetch https://api.example.com/sales and post a summary to #sales on Slack';

interface Numbered {
  type: string;
  run_id?: string;
  seq?: number;
}

interface RunResult {
  seqs: number[];
  last: number;
  /** ms from each resume sent to its first frame. */
  resumes: number[];
  ok: boolean;
}

/** One run: cut after random frame counts, resumed each time after the last frame received, to its last frame. */
function oneRun(url: string, random: () => number): Promise<RunResult> {
  const cuts = Array.from({ length: 1 + Math.floor(random() * 3) }, () => 2 + Math.floor(random() * 120)).sort(
    (a, b) => a - b,
  );
  const seqs: number[] = [];
  const resumes: number[] = [];
  let runId = '';
  let last = 0;
  return new Promise((resolve) => {
    const open = (resume: boolean) => {
      const ws = new WebSocket(url);
      let sentAt = 0;
      let first = true;
      ws.on('open', () => {
        sentAt = performance.now();
        ws.send(JSON.stringify(resume ? { type: 'resume', run_id: runId, after_seq: last } : { message: MESSAGE }));
      });
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as Numbered;
        if (resume && first) resumes.push(performance.now() - sentAt);
        first = false;
        if (typeof frame.seq !== 'number') {
          ws.close();
          return resolve({ seqs, last, resumes, ok: false });
        }
        runId = frame.run_id!;
        seqs.push(frame.seq);
        last = frame.seq;
        if (frame.type === 'end' || frame.type === 'error') {
          ws.close();
          return resolve({ seqs, last, resumes, ok: frame.type === 'end' });
        }
        if (cuts.length && seqs.length >= cuts[0]!) {
          cuts.shift();
          // A cut as a network makes it: the socket goes without a goodbye.
          ws.removeAllListeners('message');
          ws.terminate();
          open(true);
        }
      });
      ws.on('error', () => undefined);
    };
    open(false);
  });
}

/** A small seeded generator, so each run of the bench cuts at the same points. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
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
    const random = seeded(42);
    const results: RunResult[] = [];
    let next = 0;
    const worker = async () => {
      while (next < RUNS) {
        next += 1;
        results.push(await oneRun(url, random));
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
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
