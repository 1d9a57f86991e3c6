import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendError } from '../../src/backend/backend-error.js';
import { OrderAccess } from '../../src/presence/order-access.js';
import { holdPresence, watchPresence } from '../collaboration/watchers.js';
import { type Client, eventually, type Stack, startStack } from '../realtime/harness.js';

let stack: Stack;
let a: { client: Client; token: string };
let b: { client: Client; token: string };
let realOrder: string;

const detailCalls = () => stack.sim.control.callCounts()['/orders/order/{uid}'] ?? 0;

beforeAll(async () => {
  stack = await startStack({ PRESENCE_ACCESS_TTL_MS: '600000' });
  a = await stack.signIn('ops@example.com');
  b = await stack.signIn('dev@example.com');
  realOrder = (await a.client.orders.search.query({})).orders[0]!.uid;
}, 30_000);

afterAll(async () => {
  await stack?.close();
});

describe('presence is announced only on real orders the user can open', () => {
  it('refuses a malformed order uid with BAD_REQUEST naming orderUid, before any backend call', async () => {
    const before = detailCalls();
    for (const orderUid of ['<img src=x onerror=alert(1)>', 'ord 1', '']) {
      const here = holdPresence(a.client, orderUid);
      const refused = await eventually(`refusal of ${orderUid}`, () => here.errors[0]);
      expect(refused.data?.code).toBe('BAD_REQUEST');
      expect(refused.message).toContain('orderUid');
      here.stop();
    }
    expect(detailCalls()).toBe(before);
  });

  it('refuses an order the backend does not know with NOT_FOUND, and nobody else ever sees it', async () => {
    const watchB = watchPresence(b.client);
    await eventually('B watching', () => watchB.latest);
    const ghost = 'ord_does_not_exist_0000';
    const here = holdPresence(a.client, ghost);
    const refused = await eventually('refusal', () => here.errors[0]);
    expect(refused.data?.code).toBe('NOT_FOUND');
    expect(here.latest).toBeNull();
    expect(stack.app.services.collaboration.presence.localCount()).toBe(0);

    // Presence changes reach B in order: once A's real order shows, the ghost would have shown before.
    const real = holdPresence(a.client, realOrder);
    await eventually('B sees A on the real order', () => watchB.latest?.orders[realOrder]?.length === 1);
    expect(watchB.all.some((snapshot) => ghost in snapshot.orders)).toBe(false);
    real.stop();
    here.stop();
    watchB.stop();
  });

  it('checks an order once, then remembers the answer per user and order', async () => {
    const order = (await a.client.orders.search.query({})).orders[1]!.uid;
    const before = detailCalls();
    const first = holdPresence(b.client, order);
    await eventually('held', () => first.latest?.held);
    expect(detailCalls()).toBe(before + 1);
    first.stop();
    // Typing is a new announcement: no new check.
    const typing = holdPresence(b.client, order, true);
    await eventually('typing held', () => typing.latest?.held);
    expect(detailCalls()).toBe(before + 1);
    typing.stop();
  });
});

describe('OrderAccess', () => {
  const notFound = () =>
    new BackendError('NOT_FOUND', 'Order not found', {
      path: '/orders/order/{uid}',
      status: 404,
      error: null,
    });

  it("asks with the user's own token, remembers a yes for the TTL and never a no", async () => {
    let now = 0;
    const calls: Array<{ token: string; uid: string | undefined }> = [];
    const missing = new Set(['ord_gone']);
    const access = new OrderAccess(
      {
        call: async (_name, { token, params }) => {
          calls.push({ token, uid: params?.uid });
          if (missing.has(params?.uid ?? '')) throw notFound();
          return { order: { uid: params?.uid, reference: `R-${params?.uid}` } } as never;
        },
      },
      1000,
      () => now,
    );
    await access.check('token-a', 'ord_1');
    // The remembered yes keeps the order's reference (a take names the order by it).
    expect(await access.check('token-a', 'ord_1')).toEqual({ reference: 'R-ord_1' });
    expect(calls).toEqual([{ token: 'token-a', uid: 'ord_1' }]);
    // Another user's yes is not this user's.
    await access.check('token-b', 'ord_1');
    expect(calls.at(-1)).toEqual({ token: 'token-b', uid: 'ord_1' });
    now = 1000;
    await access.check('token-a', 'ord_1');
    expect(calls).toHaveLength(3);

    for (let i = 0; i < 2; i++) {
      const refused = await access.check('token-a', 'ord_gone').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(TRPCError);
      expect((refused as TRPCError).code).toBe('NOT_FOUND');
    }
    expect(calls.filter((c) => c.uid === 'ord_gone')).toHaveLength(2);
  });
});
