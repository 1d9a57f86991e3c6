/** Stand-ins for gateways that misbehave, on loopback. */
import { createServer as createHttpServer, request, type ServerResponse, STATUS_CODES } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';

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

/** Answers every websocket upgrade as the gateway does over its socket limit: 429 with its JSON words. */
export async function refusingSockets(message: string): Promise<FakeGateway> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{}');
  });
  server.on('upgrade', (_request, socket: Socket) => {
    const body = JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message });
    socket.end(
      `HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
  return listening(server, () => server.closeAllConnections());
}

export interface ProxyOptions {
  /** Ends each /exports/ download after this many bytes of its body, as a dropped connection does. */
  cutDownloadsAfter?: number;
  /** Sends this many bytes of each /exports/ download's body, then nothing more, keeping the connection. */
  stallDownloadsAfter?: number;
  /** Called with each request's path once the gateway's whole answer came, before it is passed on. */
  answered?: (path: string) => void;
  /** Serves the gateway under this path (`/wb`): requests outside it get a 404 page. */
  prefix?: string;
  /**
   * The status a request (by the gateway's path) is answered with here, with an HTML page, as a
   * proxy whose gateway is away; undefined passes it on.
   */
  refuse?: (path: string) => number | undefined;
  /** Run before each /exports/ download is passed on (to end the session, restart the gateway…). */
  beforeDownload?: () => Promise<void>;
}

function page(outgoing: ServerResponse, status: number): void {
  outgoing.writeHead(status, { 'content-type': 'text/html' });
  outgoing.end(`<html><body><h1>${status} ${STATUS_CODES[status] ?? ''}</h1></body></html>`);
}

/** A proxy in front of `target` (HTTP and websockets), cutting or watching what passes. */
export async function proxyTo(target: string, options: ProxyOptions = {}): Promise<FakeGateway> {
  const { hostname, port } = new URL(target);
  const prefix = options.prefix ?? '';
  /** The gateway's path of a request's, or null when it is outside the prefix. */
  const gatewayPath = (url: string | undefined): string | null => {
    const requested = url ?? '/';
    if (!prefix) return requested;
    return requested.startsWith(`${prefix}/`) ? requested.slice(prefix.length) : null;
  };
  const server = createHttpServer(async (incoming, outgoing) => {
    const path = gatewayPath(incoming.url);
    if (path === null) return page(outgoing, 404);
    const refused = options.refuse?.(path);
    if (refused !== undefined) return page(outgoing, refused);
    const download = path.startsWith('/exports/');
    if (download) await options.beforeDownload?.();
    const upstream = request({
      host: hostname,
      port,
      method: incoming.method,
      path,
      headers: incoming.headers,
    });
    upstream.on('response', (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      const stalls = download && options.stallDownloadsAfter !== undefined;
      const cut = download ? (options.cutDownloadsAfter ?? options.stallDownloadsAfter) : undefined;
      let sent = 0;
      answer.on('data', (chunk: Buffer) => {
        if (cut !== undefined && sent >= cut) return;
        const part = cut === undefined ? chunk : chunk.subarray(0, cut - sent);
        sent += part.length;
        // Once the part is on its way: the client gets the headers and bytes, then a dropped connection.
        if (cut !== undefined && sent >= cut && !stalls)
          outgoing.write(part, () => outgoing.socket?.destroy());
        else outgoing.write(part);
      });
      answer.on('end', () => {
        options.answered?.(path);
        if (!outgoing.destroyed && !stalls) outgoing.end();
      });
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  const tunnels = new Set<Socket>();
  server.on('upgrade', (incoming, socket: Socket, head: Buffer) => {
    const path = gatewayPath(incoming.url);
    if (path === null) return socket.destroy();
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    const upstream = connect(Number(port), hostname, () => {
      const lines = [`${incoming.method} ${path} HTTP/1.1`];
      for (let i = 0; i < incoming.rawHeaders.length; i += 2)
        lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return listening(server, () => {
    server.closeAllConnections();
    for (const socket of tunnels) socket.destroy();
  });
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
