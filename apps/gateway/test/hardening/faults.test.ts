import { startSim } from '@waybill/backend-sim';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, polledOrders } from '../realtime/harness.js';
import { type FaultMode, type FaultProxy, startFaultProxy } from './fault-proxy.js';
import {
  type Hardened,
  isOpen,
  openSocket,
  pingPong,
  type RawSocket,
  type Sim,
  sleep,
  startHardened,
} from './stack.js';

let sim: Sim;
let proxy: FaultProxy;
let stack: Hardened;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, control: true });
  proxy = await startFaultProxy(sim.url);
  stack = await startHardened({
    BACKEND_URL: proxy.url,
    // A call's time runs from its arrival, queueing included: the nine calls of a live list's first
    // load share it, so it leaves them room on a busy machine.
    BACKEND_TIMEOUT_MS: '2000',
    CHANGE_POLL_MS: '200',
  });
});

afterAll(async () => {
  await stack?.close();
  await proxy?.close();
  await sim?.close();
});

async function search(token: string) {
  const res = await fetch(`${stack.url}/trpc/orders.search?input=%7B%7D`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    result?: { data: { orders: Array<{ uid: string; reference: string; managed_by: string | null }> } };
    error?: { message: string; data: { code: string; backend: { path: string } | null } };
  };
  return { status: res.status, body };
}

const EXPECTED: Record<Exclude<FaultMode, 'pass'>, { code: string; message: RegExp }> = {
  down: { code: 'BAD_GATEWAY', message: /Backend unreachable for \/orders\/search\S*/ },
  slow: { code: 'GATEWAY_TIMEOUT', message: /did not answer \/orders\/search\S* within 2000 ms/ },
  reset: { code: 'BAD_GATEWAY', message: /Backend unreachable for \/orders\/search\S*/ },
  garbage: { code: 'BAD_GATEWAY', message: /Backend unreachable for \/orders\/search\S*/ },
  'bad-json': { code: 'BAD_GATEWAY', message: /answered \/orders\/search\S* with invalid JSON/ },
  half: { code: 'BAD_GATEWAY', message: /Backend unreachable for \/orders\/search\S*/ },
  stall: { code: 'GATEWAY_TIMEOUT', message: /did not answer \/orders\/search\S* within 2000 ms/ },
  'http-500': { code: 'BAD_GATEWAY', message: /Backend failed on \/orders\/search\S* \(HTTP 500\)/ },
};

describe('faults between gateway and backend', () => {
  it('answers each call clearly, stays up, keeps websockets, and the poll backs off and catches up', async () => {
    const token = await stack.signIn();
    const { body } = await search(token);
    const target = polledOrders(body.result?.data.orders ?? [])[2];
    if (!target) throw new Error('the sim has no orders');

    const socket: RawSocket = await openSocket(stack.wsUrl, { cookie: `${AUTH_COOKIE_NAME}=${token}` });
    socket.ws.send(
      JSON.stringify({
        id: 1,
        method: 'subscription',
        params: { path: 'orders.live', input: { filter: { reference: target.reference } } },
      }),
    );
    await socket.next((m) => JSON.stringify(m).includes('"snapshot"'), 15_000);

    // A change made while the backend is unreachable must still reach the subscriber afterwards.
    let changedAt = '';
    for (const mode of Object.keys(EXPECTED) as Array<Exclude<FaultMode, 'pass'>>) {
      proxy.setMode(mode, { delayMs: 4000 });
      if (mode === 'down') changedAt = sim.control.changeOrder(target.uid).updated_at;
      const { status, body: failed } = await search(token);
      const expected = EXPECTED[mode];
      expect(failed.error?.data.code, mode).toBe(expected.code);
      expect(failed.error?.message, mode).toMatch(expected.message);
      expect(status, mode).toBe(expected.code === 'GATEWAY_TIMEOUT' ? 504 : 502);
      expect((await fetch(`${stack.url}/healthz`)).status, mode).toBe(200);
      expect(isOpen(socket), mode).toBe(true);
      await pingPong(socket);
    }

    // Polls keep failing in reset mode: the exponential backoff (from 500 ms) spaces them out.
    proxy.setMode('reset');
    await eventually('failed polls', () => stack.app.services.realtime.poll.consecutiveFailures >= 2, 15_000);
    // The polls that reached the proxy within a 2 s window: a slow machine may stretch the sleep, not
    // the window, so it cannot let more polls in.
    const from = Date.now();
    await sleep(2000);
    const during = proxy.requests.filter(
      (r) => r.path === '/changes' && r.at >= from && r.at < from + 2000,
    ).length;
    // Every 200 ms would be 10 polls in 2 s; backing off gives at most a handful.
    expect(during).toBeLessThanOrEqual(4);
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(503);

    proxy.setMode('pass');
    await eventually(
      'the change made during the outage',
      () =>
        socket.messages.some((m) => {
          const text = JSON.stringify(m);
          return text.includes('"patch"') && text.includes(target.uid) && text.includes(changedAt);
        }),
      40_000,
    );
    expect(stack.app.services.realtime.poll.consecutiveFailures).toBe(0);
    expect((await search(token)).status).toBe(200);
    expect(isOpen(socket)).toBe(true);
    socket.ws.close();
  }, 90_000);
});
