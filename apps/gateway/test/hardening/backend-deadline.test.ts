import { startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from './fault-proxy.js';
import { type Hardened, type Sim, startHardened } from './stack.js';

const TIMEOUT_MS = 1000;
const PARALLEL_CALLS = 6;

let sim: Sim;
let proxy: FaultProxy;
let stack: Hardened;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, control: true });
  proxy = await startFaultProxy(sim.url);
  stack = await startHardened({
    BACKEND_URL: proxy.url,
    BACKEND_TIMEOUT_MS: String(TIMEOUT_MS),
    // Two calls of a session at a time: the other four queue behind the two that hang.
    BACKEND_SESSION_CONCURRENCY: '2',
  });
});

afterAll(async () => {
  await stack?.close();
  await proxy?.close();
  await sim?.close();
});

describe('a backend that sends half a body and hangs', () => {
  it('answers every parallel call of one session with 504 within the timeout + 1 s of its arrival', async () => {
    const token = await stack.signIn();
    proxy.setMode('stall');
    const input = encodeURIComponent(JSON.stringify({ uid: 'inb_stalled' }));
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_CALLS }, async () => {
        const sent = performance.now();
        const res = await fetch(`${stack.url}/trpc/inbounds.detail?input=${input}`, {
          headers: { authorization: `Bearer ${token}` },
          // Only a guard against hanging the suite: the assertions below are what matters.
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await res.json()) as { error?: { message: string; data: { code: string } } };
        return { status: res.status, body, waitedMs: performance.now() - sent };
      }),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, `call ${i + 1}`).toBe(504);
      expect(answer.body.error?.data.code, `call ${i + 1}`).toBe('GATEWAY_TIMEOUT');
      expect(answer.body.error?.message, `call ${i + 1}`).toMatch(/did not answer .* within 1000 ms/);
      // Queued calls count their wait: none waits for the calls ahead of it to time out first.
      expect(answer.waitedMs, `call ${i + 1}`).toBeLessThanOrEqual(TIMEOUT_MS + 1000);
    }
    proxy.setMode('pass');
  }, 30_000);
});
