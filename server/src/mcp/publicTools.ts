// Tool names each catalogue server offers without credentials, for the Add Tools dialog; time-boxed, never failing.
import type { Catalog } from './catalog.ts';
import type { McpClientPool } from './types.ts';

/** The first request may start a server; later ones are served from the pool's tools cache. */
const PUBLIC_TOOLS_BUDGET_MS = 3_000;

async function namesOf(pool: McpClientPool, serverId: string, budgetMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), budgetMs);
  });
  const listed = pool
    .listTools(serverId, null)
    .then((tools) => tools.map((t) => t.name))
    .catch(() => []);
  try {
    return await Promise.race([listed, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Server id → tool names; [] for servers that cannot be reached, need credentials first, or answer too late. */
export async function publicToolNames(
  pool: McpClientPool,
  catalog: Catalog,
  budgetMs = PUBLIC_TOOLS_BUDGET_MS,
): Promise<Record<string, string[]>> {
  const entries = await Promise.all(
    Object.entries(catalog.mcpServers).map(async ([id, server]) => {
      const open = pool.isConnectable(id) && (!server.requires_credentials || server.works_without_credentials);
      return [id, open ? await namesOf(pool, id, budgetMs) : []] as const;
    }),
  );
  return Object.fromEntries(entries);
}
