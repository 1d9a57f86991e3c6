import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest } from '../fake-backend.js';

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
    if (holding && isBulkWrite(req.method, req.url)) await new Promise<void>((r) => waiting.push(r));
    try {
      await forwardRequest(target, req, res);
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
