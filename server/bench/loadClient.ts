// The load generator of the server figure, in its own process so its work does not count against the server.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface LoadRequest {
  urls: string[];
  message: string;
  loneRuns: number;
  concurrentRuns: number;
}

export interface RunTiming {
  firstFrameMs: number;
  totalMs: number;
  ok: boolean;
}

export interface LoadResult {
  lone: RunTiming[];
  loneSeconds: number;
  concurrent: RunTiming[];
  concurrentSeconds: number;
}

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sends on an already open socket; the clock starts at send, as a user feels it. */
function timeRun(ws: WebSocket, message: string): Promise<RunTiming> {
  return new Promise((resolve) => {
    const sent = performance.now();
    let first = -1;
    ws.on('message', (data) => {
      const now = performance.now();
      if (first < 0) first = now - sent;
      const frame = JSON.parse(data.toString()) as { type: string };
      if (frame.type === 'end' || frame.type === 'error') {
        ws.close();
        resolve({ firstFrameMs: first, totalMs: now - sent, ok: frame.type === 'end' });
      }
    });
    ws.on('close', () => resolve({ firstFrameMs: first, totalMs: performance.now() - sent, ok: false }));
    ws.send(JSON.stringify({ message }));
  });
}

async function generate(request: LoadRequest): Promise<LoadResult> {
  const url = (i: number) => request.urls[i % request.urls.length]!;
  const lone: RunTiming[] = [];
  const loneStart = performance.now();
  for (let i = 0; i < request.loneRuns; i++) lone.push(await timeRun(await openSocket(url(i)), request.message));
  const loneSeconds = (performance.now() - loneStart) / 1000;
  const sockets = await Promise.all(Array.from({ length: request.concurrentRuns }, (_, i) => openSocket(url(i))));
  const start = performance.now();
  const concurrent = await Promise.all(sockets.map((ws) => timeRun(ws, request.message)));
  return { lone, loneSeconds, concurrent, concurrentSeconds: (performance.now() - start) / 1000 };
}

process.once('message', (request: LoadRequest) => {
  generate(request).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
