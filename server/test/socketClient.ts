// A WebSocket client for the run socket's tests: keeps every frame and waits for the one a test needs.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { StreamFrame } from '../../contract/types.ts';
import type { TestServer } from './helpers.ts';

export interface Conn {
  ws: WebSocket;
  frames: StreamFrame[];
  /** Resolves with the first frame (from the start) that matches, waiting for it if needed. */
  waitFor(match: (f: StreamFrame) => boolean, ms?: number): Promise<StreamFrame>;
  closed: Promise<{ code: number; reason: string }>;
}

export const isLast = (f: StreamFrame) => f.type === 'end' || f.type === 'error';

export function connect(server: Pick<TestServer, 'app'>, teamId: string, query: string): Promise<Conn> {
  const { port } = server.app.server.address() as AddressInfo;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/teams/${teamId}/ws?${query}`);
  const frames: StreamFrame[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as StreamFrame);
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      waiters.splice(0).forEach((w) => w());
    }),
  );
  // (A run's first reply in a process loads n8n's node catalogue; on a CI machine running every suite at once
  // that alone has taken over 10 s.)
  const waitFor = (match: (f: StreamFrame) => boolean, ms = 30_000) =>
    new Promise<StreamFrame>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame; got ${JSON.stringify(frames.map((f) => f.type))}`)),
        ms,
      );
      const check = () => {
        const found = frames.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else if (ws.readyState === WebSocket.CLOSED) {
          clearTimeout(timer);
          reject(new Error(`socket closed before a matching frame; got ${JSON.stringify(frames)}`));
        } else waiters.push(check);
      };
      check();
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, frames, waitFor, closed }));
    ws.once('error', reject);
  });
}
