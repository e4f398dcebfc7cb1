// A local stand-in for an n8n instance: the public REST API subset n8n-mcp uses, behind X-N8N-API-KEY.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWorkflow {
  id: string;
  name: string;
  nodes: unknown[];
  connections: Record<string, unknown>;
  settings?: Record<string, unknown>;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  /** The API key the workflow was created with (which user's instance it landed on). */
  createdWithKey: string;
}

export interface FakeN8n {
  url: string;
  workflows: FakeWorkflow[];
  /** Every request: method, path and the API key it carried. */
  requests: { method: string; path: string; apiKey: string | undefined }[];
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startFakeN8n(apiKeys: string[]): Promise<FakeN8n> {
  const workflows: FakeWorkflow[] = [];
  const requests: FakeN8n['requests'] = [];
  let nextId = 1;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const apiKey = req.headers['x-n8n-api-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, apiKey });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (url.pathname === '/healthz') return send(200, { status: 'ok' });
      if (!url.pathname.startsWith('/api/v1/')) return send(404, { message: 'not found' });
      if (!apiKey || !apiKeys.includes(apiKey)) return send(401, { message: 'unauthorized' });
      const own = workflows.filter((w) => w.createdWithKey === apiKey);
      const strip = ({ createdWithKey: _k, ...w }: FakeWorkflow) => w;
      if (url.pathname === '/api/v1/workflows' && req.method === 'GET')
        return send(200, { data: own.map(strip), nextCursor: null });
      if (url.pathname === '/api/v1/workflows' && req.method === 'POST') {
        const body = await readJson(req);
        const now = new Date().toISOString();
        const workflow: FakeWorkflow = {
          id: `wf${nextId++}`,
          name: String(body.name ?? ''),
          nodes: Array.isArray(body.nodes) ? body.nodes : [],
          connections: (body.connections as Record<string, unknown>) ?? {},
          settings: body.settings as Record<string, unknown> | undefined,
          active: false,
          createdAt: now,
          updatedAt: now,
          createdWithKey: apiKey,
        };
        workflows.push(workflow);
        return send(200, strip(workflow));
      }
      const one = /^\/api\/v1\/workflows\/([^/]+)$/.exec(url.pathname);
      const found = one && own.find((w) => w.id === one[1]);
      if (one && req.method === 'GET') return found ? send(200, strip(found)) : send(404, { message: 'Not Found' });
      if (one && req.method === 'PUT') {
        if (!found) return send(404, { message: 'Not Found' });
        const body = await readJson(req);
        Object.assign(found, {
          name: String(body.name ?? found.name),
          nodes: Array.isArray(body.nodes) ? body.nodes : found.nodes,
          connections: body.connections ?? found.connections,
          settings: body.settings ?? found.settings,
          updatedAt: new Date().toISOString(),
        });
        return send(200, strip(found));
      }
      return send(404, { message: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    workflows,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
