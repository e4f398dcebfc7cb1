// The http_request tool: really sends GET, POST, PUT and DELETE requests, to public addresses only (the MCP URL
// rule, checked again at every redirect and at connect time, so DNS cannot swap in a private address), within a
// time and a size limit, with secrets in the URL and headers masked in what the timeline shows.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { STATUS_CODES } from 'node:http';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { classifyUrl, isPublicAddress, PRIVATE_ADDRESS_MESSAGE } from '../../mcp/addressGuard.ts';
import type { HttpLimits } from '../types.ts';
import { optionalStr, str, type ToolFunction } from './args.ts';
import { ToolError } from './invoke.ts';
import { isSecretName, MASK, maskIn, maskUrl, urlSecrets } from './mask.ts';

const MAX_REDIRECTS = 5;
const MAX_BODY_CHARS = 100_000;
/** What of a response's text the agent and the timeline get (the byte limit bounds what is read). */
const MAX_SHOWN_CHARS = 20_000;
const MAX_HEADERS = 20;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const FORBIDDEN_HEADER =
  /^(?:host|content-length|transfer-encoding|connection|upgrade|te|trailer|keep-alive|expect|proxy-.*)$/i;
const SHOWN_RESPONSE_HEADERS = ['content-type', 'content-length', 'location', 'retry-after'];
const TEXTUAL = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript|x-www-form-urlencoded|yaml|x-yaml))/i;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or local address`);
  }
}

/** A DNS lookup that refuses names resolving to any non-public address (checked where the socket connects). */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address)))
      return callback(new PrivateAddressError(hostname), '', 0);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolError('The URL is not valid.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ToolError('Only http and https URLs are supported.');
  return url;
}

function parseHeaders(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ToolError('The argument "headers" must be an object of header names and values.');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_HEADERS) throw new ToolError(`At most ${MAX_HEADERS} headers can be sent.`);
  const headers: Record<string, string> = {};
  for (const [name, v] of entries) {
    if (!HEADER_NAME.test(name)) throw new ToolError(`"${name.slice(0, 100)}" is not a valid header name.`);
    if (FORBIDDEN_HEADER.test(name)) throw new ToolError(`The header ${name} is set by the tool itself.`);
    if (typeof v !== 'string' || v.length > 4000 || /[\r\n\0]/.test(v))
      throw new ToolError(`The header ${name} must be a single-line string of at most 4000 characters.`);
    headers[name.toLowerCase()] = v;
  }
  return headers;
}

const headerSecrets = (headers: Record<string, string>): string[] =>
  Object.entries(headers).flatMap(([name, v]) => {
    if (!isSecretName(name)) return [];
    // "Bearer abc": the token is the secret, the scheme is not.
    const parts = v.split(' ').filter((p) => p.length >= 3);
    return [v, ...parts.slice(1)];
  });

/** The arguments as the timeline shows them: userinfo, secret query values and secret headers masked. */
function shownArgs(args: Record<string, unknown>): Record<string, unknown> {
  const shown = { ...args };
  if (typeof args.url === 'string') {
    try {
      shown.url = maskUrl(new URL(args.url));
    } catch {
      // Not a URL: the call fails on it, and nothing in it is a recognisable secret.
    }
  }
  if (args.headers && typeof args.headers === 'object' && !Array.isArray(args.headers)) {
    shown.headers = Object.fromEntries(
      Object.entries(args.headers as Record<string, unknown>).map(([n, v]) => [n, isSecretName(n) ? MASK : v]),
    );
  }
  return shown;
}

interface Hop {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  cut: boolean;
  url: URL;
  redirects: number;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function assertReachable(url: URL, limits: HttpLimits): Promise<boolean> {
  if (limits.allowPrivateHosts || limits.privateHostExceptions?.includes(url.host)) return true;
  const verdict = await classifyUrl(url.href);
  if (verdict === 'private') throw new ToolError(`Refused: ${url.hostname} — ${PRIVATE_ADDRESS_MESSAGE}.`);
  if (verdict === 'unresolvable') throw new ToolError(`The host ${url.hostname} could not be resolved.`);
  return false;
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      body.destroy();
      return { body: Buffer.concat(chunks), cut: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), cut: false };
}

/** Sends the request, following at most 5 redirects by hand so each new address passes the guard first. */
async function send(
  method: Method,
  start: URL,
  headers: Record<string, string>,
  body: string | undefined,
  limits: HttpLimits,
  signal: AbortSignal,
  visited: URL[],
): Promise<Hop> {
  let url = start;
  let currentMethod: Method = method;
  let currentBody = body;
  const currentHeaders = { ...headers };
  for (let redirects = 0; ; redirects++) {
    visited.push(url);
    const trusted = await assertReachable(url, limits);
    const agent = new Agent({ connect: trusted ? {} : { lookup: guardedLookup }, connections: 1 });
    try {
      const res = await request(url, {
        method: currentMethod,
        headers: currentHeaders,
        body: currentBody,
        dispatcher: agent,
        signal,
      });
      const location = single(res.headers.location);
      if ([301, 302, 303, 307, 308].includes(res.statusCode) && location) {
        await res.body.dump();
        if (redirects >= MAX_REDIRECTS) throw new ToolError(`Too many redirects (more than ${MAX_REDIRECTS}).`);
        const next = parseUrl(new URL(location, url).href);
        // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
        if (
          res.statusCode === 303 ||
          ((res.statusCode === 301 || res.statusCode === 302) && currentMethod === 'POST')
        ) {
          currentMethod = 'GET';
          currentBody = undefined;
          delete currentHeaders['content-type'];
        }
        // Credentials meant for one origin are not handed to another.
        if (next.origin !== url.origin)
          for (const name of Object.keys(currentHeaders)) if (isSecretName(name)) delete currentHeaders[name];
        url = next;
        continue;
      }
      const read = await readCapped(res.body, limits.maxBytes);
      return { status: res.statusCode, headers: res.headers, url, redirects, ...read };
    } finally {
      void agent.destroy();
    }
  }
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

function describeFailure(error: unknown, url: URL, limits: HttpLimits, signal: AbortSignal): never {
  if (error instanceof ToolError) throw error;
  const chain = causeChain(error);
  if (chain.some((e) => e instanceof PrivateAddressError))
    throw new ToolError(`Refused: ${url.hostname} — ${PRIVATE_ADDRESS_MESSAGE}.`);
  if (signal.aborted)
    throw new ToolError(`No complete answer within ${limits.timeoutMs / 1000} s; the request was cut.`);
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c) => typeof c === 'string');
  throw new ToolError(`The request to ${url.host} failed${code ? ` (${code})` : ''}: the server could not be reached.`);
}

function describe(method: Method, start: URL, hop: Hop, limits: HttpLimits): string {
  const lines = [`${method} ${maskUrl(start)}`, `HTTP ${hop.status} ${STATUS_CODES[hop.status] ?? ''}`.trim()];
  if (hop.redirects)
    lines.push(`Final URL: ${maskUrl(hop.url)} (after ${hop.redirects} redirect${hop.redirects > 1 ? 's' : ''})`);
  for (const name of SHOWN_RESPONSE_HEADERS) {
    const value = single(hop.headers[name]);
    if (value) lines.push(`${name}: ${value.slice(0, 500)}`);
  }
  const type = single(hop.headers['content-type']) ?? '';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(hop.body);
  const cut = hop.cut ? `cut at the ${limits.maxBytes}-byte limit` : '';
  lines.push('');
  if (hop.body.length === 0) lines.push('(empty body)');
  else if (!TEXTUAL.test(type) && (type !== '' || text.includes('\u0000') || text.includes('\uFFFD')))
    lines.push(`(${type || 'binary'} body of ${hop.body.length} bytes${cut ? `, ${cut}` : ''}, not shown)`);
  else {
    lines.push(
      text.length > MAX_SHOWN_CHARS
        ? `${text.slice(0, MAX_SHOWN_CHARS)}\n…(${text.length - MAX_SHOWN_CHARS} more characters)`
        : text,
    );
    if (cut) lines.push('', `(the response was ${cut})`);
  }
  return lines.join('\n');
}

/**
 * A signal that aborts with the run or after `ms`. Not `AbortSignal.any([run, AbortSignal.timeout(ms)])`:
 * Node may collect a timeout signal held only by `any()` before it fires, and the request then waits
 * for undici's own 300 s limit (nodejs/node#57736). A timer the event loop holds always fires.
 */
function deadlineSignal(runSignal: AbortSignal, ms: number) {
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(runSignal.reason);
  if (runSignal.aborted) onRunAbort();
  else runSignal.addEventListener('abort', onRunAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      runSignal.removeEventListener('abort', onRunAbort);
    },
  };
}

function httpFunction(method: Method, limits: HttpLimits, runSignal: AbortSignal): ToolFunction {
  const withBody = method === 'POST' || method === 'PUT';
  const properties: Record<string, unknown> = {
    url: { type: 'string', description: 'Absolute http(s) URL (public addresses only)' },
    headers: {
      type: 'object',
      description: 'Request headers, name to value (optional)',
      additionalProperties: { type: 'string' },
    },
  };
  if (withBody) properties.body = { type: 'string', description: 'Request body, e.g. JSON text (optional)' };
  return {
    name: `http_${method.toLowerCase()}`,
    description: `Sends an HTTP ${method} request and returns the status, main headers and body (${limits.maxBytes} bytes at most, ${limits.timeoutMs / 1000} s at most).`,
    parameters: { type: 'object', properties, required: ['url'] },
    shownArgs,
    async execute(args) {
      const url = parseUrl(str(args, 'url'));
      const headers = parseHeaders(args.headers);
      const body = withBody ? optionalStr(args, 'body', MAX_BODY_CHARS) : undefined;
      if (body !== undefined && !headers['content-type']) {
        let json = true;
        try {
          JSON.parse(body);
        } catch {
          json = false;
        }
        headers['content-type'] = json ? 'application/json' : 'text/plain; charset=utf-8';
      }
      const secrets = [...urlSecrets(url), ...headerSecrets(headers)];
      const deadline = deadlineSignal(runSignal, limits.timeoutMs);
      const visited: URL[] = [];
      let hop: Hop;
      try {
        hop = await send(method, url, headers, body, limits, deadline.signal, visited);
      } catch (error) {
        if (runSignal.aborted) throw error;
        describeFailure(error, visited.at(-1) ?? url, limits, deadline.signal);
      } finally {
        deadline.clear();
      }
      return maskIn(describe(method, url, hop, limits), [...secrets, ...visited.flatMap(urlSecrets)]);
    },
  };
}

/** http_get, http_post, http_put and http_delete (the catalogue's http_request functions). */
export function httpFunctions(limits: HttpLimits, signal: AbortSignal): ToolFunction[] {
  return (['GET', 'POST', 'PUT', 'DELETE'] as const).map((m) => httpFunction(m, limits, signal));
}
