// What of the catalogue this deployment really offers: tool types and MCP servers that work here, and for the
// others the reason ("e-mail: set SMTP_URL"), for the Add Tools dialog. memberFunctions offers the same set.
import type { ToolCatalogueEntry, UnavailableCatalogueEntry } from '../../../contract/types.ts';
import type { Catalog } from './catalog.ts';

export interface Deployment {
  /** SMTP_URL is set. */
  email: boolean;
  /** The n8n MCP server is configured (its documentation tools back n8n_docs). */
  n8nDocs: boolean;
}

/** Why a tool type is not offered here, or null when it works. Types this server has no implementation of are off. */
function reasonFor(type: string, deployment: Deployment): string | null {
  switch (type) {
    case 'calculator':
    case 'file':
    case 'http_request':
    case 'browser':
      return null;
    case 'email':
      return deployment.email ? null : 'e-mail: set SMTP_URL';
    case 'n8n_docs':
      return deployment.n8nDocs ? null : 'n8n documentation: the n8n MCP server is not configured';
    case 'python':
      return 'code: not available (this deployment has no code sandbox)';
    case 'duckduckgo':
      return 'web search: no search provider is configured (n8n_docs searches the n8n documentation)';
    default:
      return `${type}: not available (this server has no implementation of it)`;
  }
}

export function toolAvailability(
  catalog: Catalog,
  deployment: Deployment,
): { available: Record<string, ToolCatalogueEntry>; unavailable: Record<string, UnavailableCatalogueEntry> } {
  const available: Record<string, ToolCatalogueEntry> = {};
  const unavailable: Record<string, UnavailableCatalogueEntry> = {};
  for (const [type, entry] of Object.entries(catalog.tools)) {
    const reason = reasonFor(type, deployment);
    if (reason) unavailable[type] = { description: entry.description, reason };
    else available[type] = entry;
  }
  return { available, unavailable };
}

/** Catalogue servers no transport is configured for: listed, but their tools cannot be called here. */
export function unavailableMcpServers(catalog: Catalog): Record<string, UnavailableCatalogueEntry> {
  return Object.fromEntries(
    Object.entries(catalog.mcpServers)
      .filter(([, s]) => !s.transport)
      .map(([id, s]) => [
        id,
        { name: s.name, description: s.description, reason: `${s.name}: no server is connected in this deployment` },
      ]),
  );
}
