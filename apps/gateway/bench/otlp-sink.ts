import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local OTLP/HTTP endpoint that takes every export and keeps only counts: a collector's cost, none. */
export async function startOtlpSink(): Promise<{
  url: string;
  exports: () => number;
  close(): Promise<void>;
}> {
  let exports = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      exports += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports: () => exports,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
