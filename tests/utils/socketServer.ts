// The team socket's test double: an msw WebSocket link that records what clients send and lets a test push frames.
// msw replaces the global WebSocket while it listens, so the test file must call useMswServer(). Like Testing
// Library's cleanup, importing this closes every server's connections after each test.
import { ws, type WebSocketHandlerConnection, type WebSocketLink } from 'msw';
import { server } from './msw';

type Client = WebSocketHandlerConnection['client'];
type Answer = (connection: WebSocketHandlerConnection) => void;

export interface SocketServerOptions {
  /** Sees each message a client sends (parsed JSON) with the number of its connection, counted from 0. */
  onMessage?: (message: unknown, connection: number) => void;
}

/** A macrotask turn: msw delivers each frame in a microtask queued when it is sent, so they have all arrived. */
const delivered = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Route {
  handler: ReturnType<WebSocketLink['addEventListener']>;
  /** The server started last at this URL answers its connections. */
  current: Answer | null;
}

// One link and one handler per URL: msw runs every matching handler for a connection, and each adds a listener to
// its BroadcastChannel while the connection lasts, so a property test starting dozens of servers would pile them up.
const routes = new Map<string, Route>();

function routeFor(url: string | RegExp): Route {
  const key = String(url);
  let route = routes.get(key);
  if (!route) {
    const created: Route = {
      handler: ws.link(url).addEventListener('connection', (c) => created.current?.(c)),
      current: null,
    };
    routes.set(key, created);
    route = created;
  }
  // useMswServer drops every handler after each test.
  if (!server.listHandlers().includes(route.handler)) server.use(route.handler);
  return route;
}

const running = new Set<{ stop(): void }>();

afterEach(() => {
  running.forEach((socketServer) => socketServer.stop());
});

export function startSocketServer(url: string | RegExp, options: SocketServerOptions = {}) {
  const received: unknown[] = [];
  const urls: string[] = [];
  const open = new Set<Client>();
  let latest: Client | null = null;
  let refusing = false;

  const route = routeFor(url);
  const answer: Answer = ({ client }) => {
    if (refusing) {
      // 1006: what a browser reports when the connection could not be established.
      client.close(1006, 'refused');
      return;
    }
    const connection = urls.length;
    urls.push(client.url.href);
    latest = client;
    open.add(client);
    client.addEventListener('message', (event) => {
      const message: unknown = JSON.parse(String(event.data));
      received.push(message);
      options.onMessage?.(message, connection);
    });
    client.addEventListener('close', () => open.delete(client));
  };
  route.current = answer;

  const socketServer = {
    /** What clients sent, parsed, in order. */
    received,
    /** The URL of each connection, query included, in order. */
    urls,
    /** Sends each frame in order to the latest connection, objects as JSON text and strings as they are. */
    async send(...frames: unknown[]): Promise<void> {
      if (!latest) throw new Error('no client connected');
      for (const frame of frames) latest.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
      await delivered();
    },
    /** Closes the latest connection from the server's side, as a dropped connection. */
    drop() {
      latest?.close();
    },
    /** Later connections close before they open, as when the server cannot be reached. */
    refuse() {
      refusing = true;
    },
    isClientConnected: () => open.size > 0,
    /** Closes the connections still open (a run a test left streaming) and answers no later ones. */
    stop() {
      if (route.current === answer) route.current = null;
      running.delete(socketServer);
      open.forEach((client) => client.close());
    },
  };
  running.add(socketServer);
  return socketServer;
}

export type SocketServer = ReturnType<typeof startSocketServer>;
