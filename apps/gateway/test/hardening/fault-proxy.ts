import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

/**
 * What the proxy does to each request between the gateway and the backend:
 * - pass: forward both ways;
 * - down: accept and drop the connection at once (backend process gone, LB still up);
 * - slow: forward, but hold every request `delayMs` first;
 * - reset: read the request, then answer with a TCP reset;
 * - garbage: read the request, answer bytes that are not HTTP at all;
 * - bad-json: a well-formed HTTP 200 whose body is not JSON;
 * - half: a 200 announcing a body, half of which arrives before the connection dies;
 * - stall: a 200 announcing a body, half of which arrives, then nothing more (the connection stays open);
 * - http-500: a well-formed HTTP 500 with a JSON error body.
 */
export type FaultMode =
  | 'pass'
  | 'down'
  | 'slow'
  | 'reset'
  | 'garbage'
  | 'bad-json'
  | 'half'
  | 'stall'
  | 'http-500';

export interface FaultProxy {
  url: string;
  /** Backend paths seen (from request lines), with the mode that applied to each and when (ms epoch). */
  requests: Array<{ path: string; mode: FaultMode; at: number }>;
  /** Switches mode; open connections are dropped so keep-alive sockets see the new mode too. */
  setMode(mode: FaultMode, opts?: { delayMs?: number }): void;
  close(): Promise<void>;
}

const REQUEST_LINE = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/;

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  let mode: FaultMode = 'pass';
  let delayMs = 1000;
  const requests: FaultProxy['requests'] = [];
  const open = new Set<Socket>();

  const fault = (client: Socket, current: FaultMode) => {
    if (current === 'reset') client.resetAndDestroy();
    else if (current === 'garbage') client.end('\x00\xff garbage \r\n\r\n\x13\x37');
    else if (current === 'bad-json')
      client.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 9\r\n\r\n{"data":{');
    else if (current === 'http-500') {
      const body = '{"error":{"code":"internal","message":"Internal error"}}';
      client.end(
        `HTTP/1.1 500 Internal Server Error\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    } else if (current === 'half' || current === 'stall') {
      client.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 400\r\n\r\n');
      client.write('{"data":{"orders":[{"uid":"o-1","reference":"R-1"');
      if (current === 'half') setTimeout(() => client.destroy(), 20);
    }
  };

  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    const current = mode;
    if (current === 'down') {
      client.destroy();
      return;
    }
    let upstream: Socket | null = null;
    let queue = Promise.resolve();
    client.on('data', (chunk) => {
      const line = REQUEST_LINE.exec(chunk.toString('latin1'));
      if (line?.[1]) requests.push({ path: line[1].split('?')[0] ?? line[1], mode: current, at: Date.now() });
      if (current !== 'pass' && current !== 'slow') {
        fault(client, current);
        return;
      }
      if (!upstream) {
        const up = connect(Number(port), hostname);
        upstream = up;
        open.add(up);
        up.on('close', () => {
          open.delete(up);
          client.destroy();
        });
        up.on('error', () => client.destroy());
        up.on('data', (data) => client.write(data));
        client.on('close', () => up.destroy());
      }
      const up = upstream;
      queue = queue.then(async () => {
        if (current === 'slow') await new Promise((r) => setTimeout(r, delayMs));
        if (!up.destroyed) up.write(chunk);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    setMode(next, opts = {}) {
      mode = next;
      delayMs = opts.delayMs ?? delayMs;
      for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
