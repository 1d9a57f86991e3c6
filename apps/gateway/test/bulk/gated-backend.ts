import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Order writes a bulk action makes: a status change, or a comment on one order. */
const isBulkWrite = (method: string | undefined, url: string | undefined) =>
  method === 'POST' &&
  (url === '/orders/change_status' || /^\/orders\/order\/[^/]+\/comments$/.test(url ?? ''));

/**
 * Between a gateway and backend-sim: forwards every request, but holds bulk writes when told to, so a
 * test decides when a job's orders get answered (no timing involved).
 */
export interface GatedBackend {
  url: string;
  /** Bulk writes waiting at the gate now. */
  held(): number;
  /** Holds bulk writes from now on. */
  hold(): void;
  /** Lets every held and later bulk write through. */
  release(): void;
  stop(): Promise<void>;
}

export async function startGatedBackend(target: string): Promise<GatedBackend> {
  let waiting: Array<() => void> = [];
  let holding = false;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (holding && isBulkWrite(req.method, req.url)) await new Promise<void>((r) => waiting.push(r));
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
    ) as Record<string, string>;
    try {
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => waiting.length,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      const released = waiting;
      waiting = [];
      for (const release of released) release();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
