// n8n's node catalogue as n8n-mcp ships it (its SQLite database): every built-in node and every verified community
// node, grouped by app (the action node, its trigger and its AI-tool variant). Read once, read-only.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

export interface CatalogOperation {
  resource?: string;
  operation: string;
  name: string;
  description?: string;
}

export interface CatalogApp {
  /** The action node's short type ("slack", "googleSheets"), or the trigger's when the app has only a trigger. */
  key: string;
  /** Display name without "Trigger" ("Slack", "Google Sheets", "X (Formerly Twitter)"). */
  name: string;
  action?: string;
  trigger?: string;
  /** The node's AI-tool variant, for an agent's tools. */
  tool?: string;
  /** A verified community node: the user installs its package in n8n first. */
  community?: string;
  category: string;
  description: string;
  operations: CatalogOperation[];
}

interface Row {
  node_type: string;
  package_name: string;
  display_name: string;
  description: string | null;
  category: string | null;
  is_trigger: number;
  is_tool_variant: number;
  tool_variant_of: string | null;
  is_community: number;
  operations: string | null;
}

/** The database's short package prefixes, as workflow JSON spells the full node types. */
function fullType(nodeType: string): string {
  if (nodeType.startsWith('nodes-base.')) return `n8n-nodes-base.${nodeType.slice('nodes-base.'.length)}`;
  if (nodeType.startsWith('nodes-langchain.'))
    return `@n8n/n8n-nodes-langchain.${nodeType.slice('nodes-langchain.'.length)}`;
  return nodeType;
}

export const shortType = (type: string): string => type.slice(type.lastIndexOf('.') + 1);

function operationsOf(raw: string | null): CatalogOperation[] {
  try {
    const list = JSON.parse(raw ?? '[]') as unknown;
    return Array.isArray(list)
      ? list.filter(
          (o): o is CatalogOperation =>
            typeof o === 'object' && o !== null && typeof (o as CatalogOperation).operation === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export class NodeCatalog {
  readonly apps: CatalogApp[];
  private readonly byKey = new Map<string, CatalogApp>();
  private readonly byType = new Map<string, CatalogApp>();

  constructor(rows: Row[]) {
    const groups = new Map<string, CatalogApp>();
    const tools = rows.filter((r) => r.is_tool_variant);
    for (const row of rows.filter((r) => !r.is_tool_variant)) {
      const type = fullType(row.node_type);
      const base = shortType(type).replace(/Trigger$/, '');
      const group = `${row.package_name}:${base}`;
      const app = groups.get(group) ?? {
        key: base,
        name: SHOWN_AS[row.display_name] ?? row.display_name.replace(/\s+Trigger$/, ''),
        category: row.category ?? '',
        description: row.description ?? '',
        operations: [],
        ...(row.is_community ? { community: row.package_name } : {}),
      };
      if (row.is_trigger && !/Trigger$/.test(shortType(type)) && groups.has(group)) continue;
      if (row.is_trigger) app.trigger = type;
      else {
        app.action = type;
        app.name = SHOWN_AS[row.display_name] ?? row.display_name;
        app.category = row.category ?? app.category;
        app.description = row.description ?? app.description;
        app.operations = operationsOf(row.operations);
      }
      groups.set(group, app);
    }
    for (const row of tools) {
      const of = row.tool_variant_of ? fullType(row.tool_variant_of) : null;
      const app = of ? [...groups.values()].find((a) => a.action === of) : undefined;
      if (app) app.tool = fullType(row.node_type);
    }
    this.apps = [...groups.values()];
    // Built-in nodes keep the short key; a community node whose key is taken is known by its full type.
    for (const app of [...this.apps].sort((a, b) => Number(Boolean(a.community)) - Number(Boolean(b.community)))) {
      if (this.byKey.has(app.key)) app.key = app.action ?? app.trigger ?? app.key;
      this.byKey.set(app.key, app);
      for (const t of [app.action, app.trigger, app.tool]) if (t) this.byType.set(t, app);
    }
  }

  app(key: string): CatalogApp | undefined {
    return this.byKey.get(key);
  }

  appOfType(type: string): CatalogApp | undefined {
    return this.byType.get(type);
  }

  private readonly resourceCache = new Map<string, string[]>();

  /**
   * The kinds of record the app's node works on (its "resource" options: TheHive's alert, case, log, observable, task),
   * read from the node's definition on first ask. The catalogue's operation list names only some of them.
   */
  resources(key: string): string[] {
    const cached = this.resourceCache.get(key);
    if (cached) return cached;
    const type = this.app(key)?.action;
    const found = type ? resourceOptions(type) : [];
    this.resourceCache.set(key, found);
    return found;
  }

  /** Whether the app's node works on that kind of record (a singular lower-case noun: "deal", "ticket"). */
  keeps(key: string, noun: string): boolean {
    return this.resources(key).some((r) => r.toLowerCase() === noun);
  }
}

/** The database's node type for a workflow's full type ("n8n-nodes-base.x" is "nodes-base.x" there). */
function dbType(type: string): string {
  return type.replace(/^n8n-nodes-base\./, 'nodes-base.').replace(/^@n8n\/n8n-nodes-langchain\./, 'nodes-langchain.');
}

/** The values of a node's "resource" setting; its properties are stored as JSON, or gzipped and base64-encoded. */
function resourceOptions(type: string): string[] {
  const db = openDatabase();
  try {
    const row = db.prepare('select properties_schema from nodes where node_type = ?').get(dbType(type)) as
      { properties_schema: string | null } | undefined;
    const raw = row?.properties_schema ?? '';
    const text = raw.startsWith('[') ? raw : raw ? gunzipSync(Buffer.from(raw, 'base64')).toString('utf8') : '[]';
    const props = JSON.parse(text) as Array<{ name?: string; options?: Array<{ value?: unknown }> }>;
    return props
      .filter((p) => p.name === 'resource')
      .flatMap((p) => p.options ?? [])
      .map((o) => o.value)
      .filter((v): v is string => typeof v === 'string');
  } catch {
    return [];
  } finally {
    db.close();
  }
}

/** Display names n8n's editor shows otherwise ("AwsS3" is "AWS S3" on the canvas). */
const SHOWN_AS: Record<string, string> = { AwsS3: 'AWS S3' };

const require = createRequire(import.meta.url);
let loaded: NodeCatalog | null = null;

function openDatabase(): import('better-sqlite3').Database {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const file = new URL('../data/nodes.db', pathToFileURL(require.resolve('n8n-mcp'))).pathname;
  return new Database(file, { readonly: true, fileMustExist: true });
}

/** The catalogue of the installed n8n-mcp package (read on first use, about 30 ms). */
export function nodeCatalog(): NodeCatalog {
  if (loaded) return loaded;
  const db = openDatabase();
  try {
    const rows = db
      .prepare(
        `select node_type, package_name, display_name, description, category, is_trigger, is_tool_variant,
                tool_variant_of, is_community, operations
           from nodes where is_community = 0 or is_verified = 1 order by node_type`,
      )
      .all() as Row[];
    loaded = new NodeCatalog(rows);
  } finally {
    db.close();
  }
  return loaded;
}
