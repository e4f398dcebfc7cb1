// The client of the resume figure, in its own process so its work does not count against the server: runs cut at
// random frame counts and resumed on a new socket after the last frame received.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface ResumeRequest {
  url: string;
  message: string;
  runs: number;
  atOnce: number;
}

interface Numbered {
  type: string;
  run_id?: string;
  seq?: number;
}

export interface RunResult {
  seqs: number[];
  last: number;
  /** ms from each resume sent to its first frame. */
  resumes: number[];
  ok: boolean;
}

/** One run: cut after random frame counts, resumed each time after the last frame received, to its last frame. */
function oneRun(url: string, message: string, random: () => number): Promise<RunResult> {
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
        ws.send(JSON.stringify(resume ? { type: 'resume', run_id: runId, after_seq: last } : { message }));
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

async function generate(request: ResumeRequest): Promise<RunResult[]> {
  const random = seeded(42);
  const results: RunResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < request.runs) {
      next += 1;
      results.push(await oneRun(request.url, request.message, random));
    }
  };
  await Promise.all(Array.from({ length: request.atOnce }, worker));
  return results;
}

process.once('message', (request: ResumeRequest) => {
  generate(request).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
