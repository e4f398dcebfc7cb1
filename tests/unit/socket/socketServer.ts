// A mock-socket server at the team socket URL that records what the client sends and lets a test push frames.
import { Server, type Client } from 'mock-socket';
import { SOCKET_URL } from '../chat/makeChatStore';

export function startSocketServer(url = SOCKET_URL) {
  const server = new Server(url);
  const received: unknown[] = [];
  let client: Client | null = null;
  server.on('connection', (socket) => {
    client = socket;
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
  });
  return {
    received,
    /** Sends each frame in order, objects as JSON text and strings as they are. */
    send(...frames: unknown[]) {
      if (!client) throw new Error('no client connected');
      for (const frame of frames) client.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    drop() {
      client?.close();
    },
    isClientConnected: () => server.clients().length > 0,
    stop: () => new Promise<void>((resolve) => server.stop(() => resolve())),
  };
}

export type SocketServer = ReturnType<typeof startSocketServer>;
