import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/router.js';
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

describe('a procedure that takes no input refuses one, and takes none or an empty object', () => {
  it.each([
    ['query', 'users.me'],
    ['query', 'reference.sellingChannels'],
    ['query', 'clients.health'],
    ['query', 'holds.list'],
    ['query', 'views.list'],
    ['query', 'tokens.list'],
    ['query', 'orders.bulkJobs'],
    ['query', 'inbounds.export.list'],
    ['query', 'auth.session'],
  ] as const)('%s %s', async (type, path) => {
    const refused = await call(type, path, { zzz: 1 });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('zzz');
    expect((await call(type, path, {})).status).toBe(200);
    expect((await call(type, path, null)).status).toBe(200);
    const bare =
      type === 'query'
        ? await fetch(`${gateway.url}/trpc/${path}`, { headers: { authorization: `Bearer ${token}` } })
        : await fetch(`${gateway.url}/trpc/${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          });
    expect(bare.status, await bare.text()).toBe(200);
  });

  // A mutation that takes nothing declares no input: tRPC's own client sends it with no body, which
  // tRPC would fail to parse as JSON once an input is declared. Its handler reads none.
  it('every query and subscription of the router declares its input', () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; inputs: unknown[] } }
    >;
    const without = Object.entries(procedures).flatMap(([path, p]) =>
      p._def.inputs.length === 0 ? [`${p._def.type} ${path}`] : [],
    );
    expect(without).toEqual(['mutation auth.logout', 'mutation notifications.markAllRead']);
  });
});
