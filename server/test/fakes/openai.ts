// A local stand-in for an OpenAI-compatible chat-completions API: streaming SSE with tool-call deltas, and error statuses.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeToolCallDelta {
  index: number;
  id?: string;
  name?: string;
  arguments?: string;
}

export interface FakeChunk {
  content?: string;
  tool_calls?: FakeToolCallDelta[];
  finish_reason?: 'stop' | 'tool_calls';
}

export type FakeReply =
  | { kind: 'stream'; chunks: FakeChunk[] }
  | { kind: 'error'; status: number; body: unknown; headers?: Record<string, string> };

export interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content?: string | null; tool_call_id?: string; tool_calls?: unknown[] }>;
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: unknown } }>;
  authorization?: string;
}

export interface FakeOpenAI {
  /** Base URL to give the SDK (ends in /v1). */
  url: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

/** Text split into the deltas given, then a stop. */
export const textReply = (...parts: string[]): FakeReply => ({
  kind: 'stream',
  chunks: [...parts.map((content) => ({ content })), { finish_reason: 'stop' }],
});

/** One function call whose name and arguments arrive over several chunks, as real servers send them. */
export const toolCallReply = (id: string, name: string, args: Record<string, unknown>): FakeReply => {
  const json = JSON.stringify(args);
  const third = Math.ceil(json.length / 3);
  return {
    kind: 'stream',
    chunks: [
      { tool_calls: [{ index: 0, id, name: name.slice(0, 5), arguments: '' }] },
      { tool_calls: [{ index: 0, name: name.slice(5), arguments: json.slice(0, third) }] },
      { tool_calls: [{ index: 0, arguments: json.slice(third, 2 * third) }] },
      { tool_calls: [{ index: 0, arguments: json.slice(2 * third) }] },
      { finish_reason: 'tool_calls' },
    ],
  };
};

function sse(res: ServerResponse, model: string, chunks: FakeChunk[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  chunks.forEach((chunk, i) => {
    const delta: Record<string, unknown> = i === 0 ? { role: 'assistant' } : {};
    if (chunk.content !== undefined) delta.content = chunk.content;
    if (chunk.tool_calls) {
      delta.tool_calls = chunk.tool_calls.map((t) => ({
        index: t.index,
        ...(t.id ? { id: t.id, type: 'function' } : {}),
        function: {
          ...(t.name ? { name: t.name } : {}),
          ...(t.arguments !== undefined ? { arguments: t.arguments } : {}),
        },
      }));
    }
    const body = {
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, delta, finish_reason: chunk.finish_reason ?? null }],
    };
    res.write(`data: ${JSON.stringify(body)}\n\n`);
  });
  res.end('data: [DONE]\n\n');
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

export async function startFakeOpenAI(script: (request: ChatRequest, index: number) => FakeReply): Promise<FakeOpenAI> {
  const requests: ChatRequest[] = [];
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Unknown path' } }));
      return;
    }
    readJson(req)
      .then((body) => {
        const request = { ...(body as ChatRequest), authorization: req.headers.authorization };
        requests.push(request);
        const reply = script(request, requests.length - 1);
        if (reply.kind === 'error') {
          res
            .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
            .end(JSON.stringify(reply.body));
        } else sse(res, request.model, reply.chunks);
      })
      .catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
