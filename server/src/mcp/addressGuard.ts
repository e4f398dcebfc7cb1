// The private-address rule: user-supplied tool URLs must resolve only to public addresses (no SSRF into our network).
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Names that reach cloud metadata or this machine whatever DNS says. */
const BLOCKED_NAMES = [
  /^localhost$/,
  /\.localhost$/,
  /^metadata\.google\.internal$/,
  /^metadata\.goog$/,
  /^instance-data(\.ec2\.internal)?$/,
];
const LOOKUP_TIMEOUT_MS = 3_000;

export type AddressVerdict = 'public' | 'private' | 'unresolvable';

/** Only plain global unicast passes: loopback, private, link-local, unique-local, CGNAT, multicast, reserved and tunnels do not. */
export function isPublicAddress(ip: string): boolean {
  try {
    return ipaddr.process(ip).range() === 'unicast';
  } catch {
    return false;
  }
}

async function resolveAll(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Classifies where a URL's host leads. The WHATWG parser already turns decimal, octal and hex IPv4 forms into
 * dotted quads and keeps IPv6 literals in brackets, so literals are judged without DNS.
 */
export async function classifyUrl(url: string): Promise<AddressVerdict> {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return 'unresolvable';
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (BLOCKED_NAMES.some((re) => re.test(host))) return 'private';
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? 'public' : 'private';
  let addresses: string[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every(isPublicAddress) ? 'public' : 'private';
}

export const PRIVATE_ADDRESS_MESSAGE = 'the address points at a private or local network';

/** Field keys of `url` type whose values lead to a private address; [] when private hosts are allowed. */
export async function privateUrlFields(
  fields: { key: string; type: string }[],
  values: Record<string, string>,
  allowPrivate: boolean,
): Promise<string[]> {
  if (allowPrivate) return [];
  const urlKeys = fields.filter((f) => f.type === 'url' && values[f.key] !== undefined).map((f) => f.key);
  const verdicts = await Promise.all(urlKeys.map(async (key) => [key, await classifyUrl(values[key]!)] as const));
  return verdicts.filter(([, v]) => v === 'private').map(([key]) => key);
}
