import { once } from 'node:events';
import net from 'node:net';
import { WebSocketServer } from 'ws';

/** A running WebSocket-to-TCP proxy. */
export interface WebSocketProxy {
  /** The port it listens on, at 127.0.0.1. */
  readonly port: number;
  /** How many tunnels were opened since it started. */
  readonly tunnelsOpened: number;
  /** Stop listening and cut every open tunnel. */
  close(): Promise<void>;
}

/**
 * Start the WebSocket-to-TCP proxy Neon's serverless driver speaks to (what
 * Neon runs in front of its servers): each WebSocket connection carries the
 * PostgreSQL wire protocol, in binary frames, to the TCP `address` named in
 * its URL (`/v2?address=host:port`). Lets the Neon driver run against a local
 * PostgreSQL in tests.
 */
export async function startWebSocketProxy(): Promise<WebSocketProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const tunnels = new Set<net.Socket>();
  let tunnelsOpened = 0;
  server.on('connection', (socket, request) => {
    tunnelsOpened += 1;
    const address = new URL(request.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const separator = address.lastIndexOf(':');
    const tcp = net.connect(Number(address.slice(separator + 1)), address.slice(0, separator));
    tunnels.add(tcp);
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data) => tcp.write(data as Buffer));
    socket.on('close', () => tcp.end());
    socket.on('error', () => tcp.destroy());
    tcp.on('data', (chunk) => socket.send(chunk));
    tcp.on('close', () => {
      tunnels.delete(tcp);
      socket.close();
    });
    tcp.on('error', () => socket.terminate());
  });
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    port,
    get tunnelsOpened() {
      return tunnelsOpened;
    },
    close: async () => {
      for (const tunnel of tunnels) tunnel.destroy();
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
