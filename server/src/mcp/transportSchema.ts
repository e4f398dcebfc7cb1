// How a catalogue entry says its MCP server is reached: a local process over stdio or a Streamable HTTP endpoint.
import { z } from 'zod';

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,100}$/);
const fieldKey = z.string().regex(/^[A-Za-z0-9_]{1,100}$/);

export const stdioTransport = z.object({
  type: z.literal('stdio'),
  /** "node" means the Node that runs this server; "./" and "../" paths are relative to the project root. */
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Fixed variables; the child gets nothing else from this process's environment but PATH, HOME and TMPDIR. */
  env: z.record(envName, z.string()).default({}),
  /** Credential field key → environment variable the value is passed in. */
  credential_env: z.record(fieldKey, envName).default({}),
  /** Added only when the operator sets ALLOW_PRIVATE_TOOL_HOSTS=true (e.g. to relax the server's own address checks). */
  private_hosts_env: z.record(envName, z.string()).default({}),
});

export const httpTransport = z.object({
  type: z.literal('http'),
  url: z
    .string()
    .url()
    .refine((u) => /^https?:/i.test(u), 'expected an http(s) URL'),
  /** Credential field key → header name, or a header template "Name: Bearer {value}". */
  credential_headers: z.record(fieldKey, z.string().min(1)).default({}),
});

export const transportSchema = z.discriminatedUnion('type', [stdioTransport, httpTransport]);

export type StdioTransportConfig = z.infer<typeof stdioTransport>;
export type HttpTransportConfig = z.infer<typeof httpTransport>;
export type TransportConfig = z.infer<typeof transportSchema>;

/** Splits a credential_headers entry into header name and value: "X-Key" → value as is; "Authorization: Bearer {value}". */
export function headerFor(mapping: string, value: string): [string, string] {
  const colon = mapping.indexOf(':');
  if (colon < 0) return [mapping.trim(), value];
  return [
    mapping.slice(0, colon).trim(),
    mapping
      .slice(colon + 1)
      .trim()
      .replaceAll('{value}', value),
  ];
}
