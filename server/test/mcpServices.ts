// Tool services for engine tests: the real catalogue's MCP servers (n8n-mcp over stdio) through a real pool.
import { DEFAULT_CATALOG_FILE, loadCatalog } from '../src/credentials/catalog.ts';
import { McpPool } from '../src/mcp/pool.ts';
import type { ToolServices } from '../src/runtime/types.ts';

export function realMcpPool(): McpPool {
  return new McpPool({ catalog: loadCatalog({ CATALOG_FILE: DEFAULT_CATALOG_FILE }), callTimeoutMs: 30_000, idleMs: 60_000, maxPerServer: 2, allowPrivateHosts: false });
}

export function servicesWith(pool: McpPool, overrides: Partial<ToolServices> = {}): ToolServices {
  return {
    hasCredentials: async () => false,
    serverName: (id) => id,
    searchKnowledge: async () => [],
    computerUrl: (runId) => `http://h/computer/${runId}/vnc.html`,
    chargeToolCall: async () => {},
    mcpTools: (serverId, signal) => pool.listTools(serverId, null, { signal }),
    callMcp: (serverId, tool, args, signal) => pool.callTool(serverId, null, tool, args, { signal }),
    credentialLink: async () => null,
    credentialProblem: async () => null,
    ...overrides,
  };
}
