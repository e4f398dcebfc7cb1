// The agent's browser's only way out: an HTTP proxy on loopback that resolves every host itself, refuses what is not
// a public address (the MCP guard's rule) unless the operator allows private hosts, and connects to the very address
// it checked. Playwright's request interception never sees redirect hops; every hop, subresource and WebSocket of
// the browser passes through here.
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import net from 'node:net';
import { isPublicAddress } from '../mcp/addressGuard.ts';

/** Response header of a refusal, so the browser session can say why a page did not open. */
export const REFUSED_HEADER = 'x-agent-computer-refused';
const LOOKUP_TIMEOUT_MS = 3_000;
const BLOCKED_NAMES =
  /^(localhost|.*\.localhost|metadata\.google\.internal|metadata\.goog|instance-data(\.ec2\.internal)?)$/;

export interface EgressRules {
  allowPrivate: boolean;
  /** This server's own origin as the browser reaches it, and whether a path on it may be loaded. */
  selfOrigin: () => string | null;
  selfPath: (path: string) => boolean;
}

type Target = { address: string } | { refused: string };

async function resolvePublic(host: string): Promise<Target> {
  const name = host
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (BLOCKED_NAMES.test(name)) return { refused: 'the address points at a private or local network' };
  let addresses: string[];
  if (net.isIP(name)) addresses = [name];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), LOOKUP_TIMEOUT_MS);
      });
      const found = await Promise.race([lookup(name, { all: true, verbatim: true }), timeout]);
      addresses = found.map((a) => a.address);
    } catch {
      return { refused: 'the host name could not be resolved' };
    } finally {
      clearTimeout(timer);
    }
  }
  if (!addresses.length) return { refused: 'the host name could not be resolved' };
  if (!addresses.every(isPublicAddress)) return { refused: 'the address points at a private or local network' };
  return { address: addresses[0]! };
}

export class EgressProxy {
  private constructor(
    private readonly server: http.Server,
    readonly origin: string,
  ) {}

  static async start(rules: EgressRules): Promise<EgressProxy> {
    const target = async (host: string, port: number, path: string | null): Promise<Target> => {
      const self = rules.selfOrigin();
      if (self && path !== null && `http://${host}:${port}` === self && rules.selfPath(path)) return { address: host };
      if (rules.allowPrivate) return { address: host.replace(/^\[|\]$/g, '') };
      return resolvePublic(host);
    };
    const server = http.createServer((request, response) => {
      void (async () => {
        let url: URL;
        try {
          url = new URL(request.url ?? '');
        } catch {
          return response.writeHead(400).end();
        }
        if (url.protocol !== 'http:') return response.writeHead(400).end();
        const port = Number(url.port || 80);
        const to = await target(url.hostname, port, url.pathname);
        if ('refused' in to) {
          const page = `<!doctype html><title>Refused</title><p>The agent's browser may not open ${url.host}: ${to.refused}.</p>`;
          return response
            .writeHead(403, { 'content-type': 'text/html; charset=utf-8', [REFUSED_HEADER]: to.refused })
            .end(page);
        }
        const headers = { ...request.headers };
        delete headers['proxy-connection'];
        delete headers['proxy-authorization'];
        const upstream = http.request(
          { host: to.address, port, method: request.method, path: `${url.pathname}${url.search}`, headers },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', () => response.destroy());
        response.on('close', () => upstream.destroy());
        request.pipe(upstream);
      })();
    });
    // https and WebSockets: a tunnel to the checked address, or a refusal (the browser reports a tunnel failure).
    server.on('connect', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      void (async () => {
        const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(request.url ?? '');
        const to = match ? await target(match[1]!, Number(match[2]), null) : { refused: 'bad request' };
        if ('refused' in to)
          return void socket.end(`HTTP/1.1 403 Forbidden\r\n${REFUSED_HEADER}: ${to.refused}\r\n\r\n`);
        const upstream = net.connect(Number(match![2]), to.address, () => {
          socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.pipe(socket);
          socket.pipe(upstream);
        });
        upstream.on('error', () => socket.destroy());
        socket.on('close', () => upstream.destroy());
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return new EgressProxy(server, `http://127.0.0.1:${port}`);
  }

  /** Chromium's flags to send everything, loopback included, through this proxy. */
  get chromiumArgs(): string[] {
    return [`--proxy-server=${this.origin}`, '--proxy-bypass-list=<-loopback>'];
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
