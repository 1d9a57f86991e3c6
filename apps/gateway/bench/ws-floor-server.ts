/**
 * The floor under push latency on this machine: a bare `ws` server (its own process, as the
 * gateway is) that sends one frame to every connected client, with no tRPC and no cohorts. Driven
 * over IPC by bench/ws-floor.ts, to which it reports each write loop's time.
 */
import { WebSocketServer } from 'ws';
import { SENT_AT } from './floor-frame.js';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('listening', () => {
  const address = wss.address();
  if (address && typeof address === 'object') process.send?.({ port: address.port });
});
process.on('message', (msg: { template: string }) => {
  const frame = msg.template.replace(SENT_AT, String(Date.now()));
  const started = performance.now();
  for (const client of wss.clients) client.send(frame);
  // The write loop's own cost per socket, the gateway's direct writes' counterpart.
  process.send?.({ writeMs: performance.now() - started, sockets: wss.clients.size });
});
