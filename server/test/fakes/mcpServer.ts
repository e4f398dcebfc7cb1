// A small stdio MCP server for the pool tests: tools that echo, fail, hang, crash and answer garbage.
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

/** Where the server notes what it saw (cancellations), one line each; set by the test catalogue. */
const log = (line: string) => {
  if (process.env.FAKE_MCP_LOG) appendFileSync(process.env.FAKE_MCP_LOG, `${line}\n`);
};
const text = (value: unknown) => ({
  content: [{ type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value) }],
});

const server = new McpServer({ name: 'fake', version: '1.0.0' });

server.registerTool(
  'echo',
  { description: 'Echoes its text and this process id', inputSchema: { text: z.string() } },
  async ({ text: t }) => text({ text: t, pid: process.pid }),
);
server.registerTool('env', { description: 'Lists the environment this process got' }, async () =>
  text({ names: Object.keys(process.env).sort(), FAKE_TOKEN: process.env.FAKE_TOKEN ?? null, pid: process.pid }),
);
server.registerTool('fail', { description: 'Answers a tool error' }, async () => ({
  ...text('the fake tool failed'),
  isError: true,
}));
server.registerTool(
  'hang',
  { description: 'Never answers; notes a cancellation' },
  async (extra) =>
    new Promise<never>(() => {
      extra.signal.addEventListener('abort', () => log(`cancelled ${extra.requestId}`));
    }),
);
server.registerTool('crash', { description: 'Exits the process' }, async () => process.exit(3));
server.registerTool('garbage', { description: 'Writes a line that is not JSON-RPC, then nothing' }, async () => {
  process.stdout.write('this is not json\n');
  return new Promise<never>(() => {});
});
server.registerTool(
  'slow',
  { description: 'Answers after ms milliseconds', inputSchema: { ms: z.number() } },
  async ({ ms }) => {
    await new Promise((r) => setTimeout(r, ms));
    return text({ pid: process.pid });
  },
);

await server.connect(new StdioServerTransport());
// Like real servers: a closed stdin means the client is gone.
process.stdin.on('end', () => process.exit(0));
