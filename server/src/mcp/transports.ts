// Builds the SDK transport for one catalogue entry and credential set: the child's environment or the HTTP headers.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  headerFor,
  type HttpTransportConfig,
  type StdioTransportConfig,
  type TransportConfig,
} from './transportSchema.ts';

/** The repository root, from this file's place (server/src/mcp), so neither cwd nor the entry point matters. */
const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The only variables taken from this process: what Node and ordinary tools need to run, never secrets. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR'] as const;

export type Credentials = Record<string, string>;

const fromRoot = (p: string) => (p.startsWith('./') || p.startsWith('../') ? path.resolve(PROJECT_ROOT, p) : p);

function childEnv(
  t: StdioTransportConfig,
  credentials: Credentials | null,
  allowPrivate: boolean,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, t.env, allowPrivate ? t.private_hosts_env : {});
  for (const [field, name] of Object.entries(t.credential_env)) {
    const value = credentials?.[field];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

function stdioParams(t: StdioTransportConfig, credentials: Credentials | null, allowPrivate: boolean) {
  return {
    command: t.command === 'node' ? process.execPath : fromRoot(t.command),
    args: t.args.map(fromRoot),
    env: childEnv(t, credentials, allowPrivate),
    cwd: PROJECT_ROOT,
    // Piped and drained, never inherited: a server may print its environment or the values it was given.
    stderr: 'pipe' as const,
  };
}

function httpHeaders(t: HttpTransportConfig, credentials: Credentials | null): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [field, mapping] of Object.entries(t.credential_headers)) {
    const value = credentials?.[field];
    if (value === undefined) continue;
    const [name, header] = headerFor(mapping, value);
    headers[name] = header;
  }
  return headers;
}

export interface BuiltTransport {
  kind: 'stdio' | 'http';
  transport: Transport;
  /** The child's pid for stdio (tests and diagnostics), null for HTTP. */
  pid(): number | null;
}

export function buildTransport(
  t: TransportConfig,
  credentials: Credentials | null,
  allowPrivate: boolean,
): BuiltTransport {
  if (t.type === 'http') {
    const transport = new StreamableHTTPClientTransport(new URL(t.url), {
      requestInit: { headers: httpHeaders(t, credentials), redirect: 'error' },
    });
    return { kind: 'http', transport, pid: () => null };
  }
  const transport = new StdioClientTransport(stdioParams(t, credentials, allowPrivate));
  transport.stderr?.on('data', () => {});
  return { kind: 'stdio', transport, pid: () => transport.pid };
}
