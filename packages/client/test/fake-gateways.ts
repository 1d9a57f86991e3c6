/** Stand-ins for gateways that misbehave, on loopback. */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';

function portOf(server: Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface FakeGateway {
  url: string;
  /** Connections open now. */
  connections(): number;
  close(): Promise<void>;
}

/** Accepts connections and never answers a byte: a gateway hung, or a firewall that swallows. */
export async function silentGateway(): Promise<FakeGateway> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return listening(server, () => {
    for (const socket of sockets) socket.destroy();
  });
}

/** Answers every request as a proxy does when the gateway behind it is down: 502 with an HTML page. */
export async function htmlProxy(): Promise<FakeGateway> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(502, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  });
  return listening(server, () => server.closeAllConnections());
}

/** Answers JSON that is not tRPC's, as the backend itself does when given the gateway's URL by mistake. */
export async function otherJsonServer(): Promise<FakeGateway> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Route not found', statusCode: 404 }));
  });
  return listening(server, () => server.closeAllConnections());
}

/** A loopback address where nothing listens (a port just freed). */
export async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function listening(server: Server, drop: () => void): Promise<FakeGateway> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let open = 0;
  server.on('connection', (socket: Socket) => {
    open += 1;
    socket.on('close', () => {
      open -= 1;
    });
  });
  return {
    url: `http://127.0.0.1:${portOf(server)}`,
    connections: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        drop();
        server.close(() => resolve());
      }),
  };
}
