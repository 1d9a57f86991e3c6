/**
 * The floor under gateway overhead on this machine: a bare node:http server that forwards every
 * request to one backend path with undici and returns the body as is: no tRPC, no validation,
 * no security headers. Driven by bench/run.ts (step `floor`), its own process as the gateway is.
 */
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { CPU_PATH } from './overhead.js';

const backend = new Pool(process.env.BACKEND_URL ?? '', { connections: 32 });
const target = process.env.TARGET_PATH ?? '/';
const server = createServer(async (req, res) => {
  if (req.url === CPU_PATH) {
    const { user, system } = process.cpuUsage();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(user + system));
    return;
  }
  const answer = await backend.request({
    method: 'GET',
    path: target,
    headers: { authorization: req.headers.authorization ?? '' },
  });
  const body = await answer.body.text();
  res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.send?.({ port: address.port });
});
