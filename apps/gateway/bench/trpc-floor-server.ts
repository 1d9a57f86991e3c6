/**
 * The floor under push latency for any design built on tRPC subscriptions: a bare tRPC router
 * whose one subscription yields every broadcast as a tracked event, served by tRPC's own ws
 * handler. No cohorts, no backend, no auth. Driven over IPC by bench/ws-floor.ts.
 */
import { initTRPC, tracked } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import { z } from 'zod';
import { SENT_AT } from './floor-frame.js';

type Listener = (frame: { sentAt: number; pad: string }) => void;
const listeners = new Set<Listener>();

const t = initTRPC.create();
const router = t.router({
  broadcast: t.procedure.input(z.unknown()).subscription(async function* ({ signal }) {
    let wake: (() => void) | null = null;
    const queue: { sentAt: number; pad: string }[] = [];
    const listener: Listener = (frame) => {
      queue.push(frame);
      wake?.();
    };
    listeners.add(listener);
    signal?.addEventListener('abort', () => wake?.(), { once: true });
    try {
      let seq = 0;
      while (!signal?.aborted) {
        const next = queue.shift();
        if (next) yield tracked(String(++seq), next);
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      listeners.delete(listener);
    }
  }),
});

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
applyWSSHandler({ wss, router });
wss.on('listening', () => {
  const address = wss.address();
  if (address && typeof address === 'object') process.send?.({ port: address.port });
});
process.on('message', (msg: { template: string }) => {
  // One object for every subscriber, as a cohort pushes one message to all its members.
  const frame = JSON.parse(msg.template.replace(SENT_AT, String(Date.now()))) as {
    sentAt: number;
    pad: string;
  };
  for (const listener of listeners) listener(frame);
});
