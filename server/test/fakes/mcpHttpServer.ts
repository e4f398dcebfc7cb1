// A Streamable HTTP MCP server for the pool tests: accepts one bearer token and tells which token a call carried.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface FakeHttpMcp {
  url: string;
  close(): Promise<void>;
}

function mcpServer(): McpServer {
  const server = new McpServer({ name: 'fake-http', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Returns the Authorization header of the call' }, async (extra) => ({
    content: [{ type: 'text', text: String(extra.requestInfo?.headers.authorization ?? '') }],
  }));
  return server;
}

export async function startFakeHttpMcp(acceptedToken: string): Promise<FakeHttpMcp> {
  const http: Server = createServer((req, res) => {
    void (async () => {
      if (req.headers.authorization !== `Bearer ${acceptedToken}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
        return;
      }
      // Stateless: a fresh server and transport per request, as the SDK's stateless example does.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const server = mcpServer();
      res.on('close', () => void server.close());
      await server.connect(transport);
      await transport.handleRequest(req, res);
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
