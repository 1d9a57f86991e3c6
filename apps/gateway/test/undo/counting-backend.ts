import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest } from '../fake-backend.js';

/** The order writes an undoable action sends: a status change or a label reissue. */
const isOrderWrite = (method: string | undefined, url: string | undefined) =>
  method === 'POST' && (url === '/orders/change_status' || url === '/orders/reissue_shipping_label');

/** Between a gateway and backend-sim: forwards everything and counts the order writes that reach it. */
export interface CountingBackend {
  url: string;
  writes(): number;
  stop(): Promise<void>;
}

export async function startCountingBackend(target: string): Promise<CountingBackend> {
  let writes = 0;
  const server: Server = createServer(async (req, res) => {
    if (isOrderWrite(req.method, req.url)) writes += 1;
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
    writes: () => writes,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
