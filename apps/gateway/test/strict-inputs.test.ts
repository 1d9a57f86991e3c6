import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, type RunningGateway, startGateway } from './helpers.js';

let sim: RunningSim;
let gateway: RunningGateway;
let token: string;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, orders: 50, inbounds: 2, stores: 5 });
  gateway = await startGateway({ BACKEND_URL: sim.url });
  token = await bearerToken(gateway.url);
});
afterAll(async () => {
  await gateway?.close();
  await sim?.close();
});

/** A call over plain HTTP, as a script would make it: the status and the error's message. */
async function call(type: 'query' | 'mutation', path: string, input: unknown) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res =
    type === 'query'
      ? await fetch(`${gateway.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers,
        })
      : await fetch(`${gateway.url}/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input) });
  const body = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: body.error?.message ?? '' };
}

describe('a misspelt or unknown input key is refused by name, not silently dropped', () => {
  const orderUid = () => [...sim.store.orders.keys()][0]!;
  it.each([
    [
      'mutation',
      'notifications.follow',
      () => ({ orderUid: orderUid(), follow: true, folow: false }),
      'folow',
    ],
    ['query', 'notifications.following', () => ({ orderUid: orderUid(), bogus: 1 }), 'bogus'],
    ['mutation', 'notifications.markRead', () => ({ ids: ['x'], all: true }), 'all'],
    ['mutation', 'tokens.create', () => ({ name: 'nightly', ttlDays: 1 }), 'ttlDays'],
    ['mutation', 'tokens.revoke', () => ({ id: 'a'.repeat(43), force: true }), 'force'],
  ] as const)('%s %s', async (type, path, input, key) => {
    const { status, message } = await call(type, path, input());
    expect(status).toBe(400);
    expect(message).toContain(key);
  });
});
