import { describeActivity, isDoneStatus } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trpcError } from '../helpers.js';
import {
  type Client,
  createClient,
  eventually,
  polledOrders,
  type Stack,
  startStack,
} from '../realtime/harness.js';

const HOUR = 3_600_000;

describe('holds: take, release, take over, and how a hold ends (real HTTP and websockets, backend-sim)', {
  timeout: 60_000,
}, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let b: { client: Client; token: string };
  let open: string[];
  let clock: number;

  beforeAll(async () => {
    stack = await startStack({ HOLD_IDLE_MS: String(2 * HOUR) });
    a = await stack.signIn('ops@example.com');
    b = await stack.signIn('dev@example.com');
    const orders = polledOrders((await a.client.orders.search.query({})).orders);
    open = orders.filter((o) => !isDoneStatus(o.aggregated_status.key)).map((o) => o.uid);
    expect(open.length).toBeGreaterThan(5);
    clock = Date.now();
    stack.app.services.team.holds.now = () => clock;
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  const holderOf = async (client: Client, uid: string) =>
    (await client.holds.list.query()).holds.find((h) => h.orderUid === uid)?.holder.name ?? null;

  it('A takes an order: everyone lists it as held by A, and B sees it pushed live', async () => {
    const uid = open[0]!;
    const watch = createClient(stack.url, b.token);
    const pushes: string[][] = [];
    const sub = watch.client.holds.live.subscribe(undefined, {
      onData: ({ data }) => pushes.push(data.holds.map((h) => `${h.orderUid}:${h.holder.name}`)),
    });
    await eventually('first snapshot', () => pushes.length > 0);
    const { hold } = await a.client.orders.take.mutate({ uid });
    expect(hold).toMatchObject({ orderUid: uid, holder: { name: 'Olivia Ops' } });
    await eventually('B sees A holding it', () => pushes.at(-1)?.includes(`${uid}:Olivia Ops`));
    expect(await holderOf(b.client, uid)).toBe('Olivia Ops');
    sub.unsubscribe();
    watch.close();
  });

  it("B's take without force is CONFLICT naming A; with force B holds it", async () => {
    const uid = open[1]!;
    await a.client.orders.take.mutate({ uid });
    const refused = await trpcError(b.client.orders.take.mutate({ uid }));
    expect(refused.data?.code).toBe('CONFLICT');
    expect(refused.message).toBe('Olivia Ops holds this order');
    expect((refused.data as { holdConflict?: unknown }).holdConflict).toEqual({
      holder: { uid: expect.any(String), name: 'Olivia Ops' },
    });
    expect(await holderOf(a.client, uid)).toBe('Olivia Ops');

    await b.client.orders.take.mutate({ uid, force: true });
    expect(await holderOf(a.client, uid)).toBe('Dan Developer');

    // A taken-over hold is said so: in the record, and to the colleague who held it.
    const { reference } = (await a.client.orders.detail.query({ uid })).order;
    const [take] = (await a.client.activity.forOrder.query({ uid })).entries;
    expect(take).toMatchObject({
      action: 'take',
      detail: 'Olivia Ops',
      reference,
      actor: { name: 'Dan Developer' },
    });
    expect(describeActivity(take!, (key) => key)).toBe('took the order over from Olivia Ops');
    const { user } = await a.client.users.me.query();
    const centre = await stack.app.services.collaboration.notifications.state(user.uid);
    expect(centre.items.find((n) => n.orderUid === uid)).toMatchObject({
      kind: 'changed',
      reference,
      text: 'Dan Developer took this order over from you',
      author: { name: 'Dan Developer' },
    });
  });

  it("release ends the caller's own hold; releasing someone else's is CONFLICT naming them", async () => {
    const uid = open[2]!;
    await a.client.orders.take.mutate({ uid });
    const refused = await trpcError(b.client.orders.release.mutate({ uid }));
    expect(refused.data?.code).toBe('CONFLICT');
    expect(refused.message).toBe('Olivia Ops holds this order');
    expect(await a.client.orders.release.mutate({ uid })).toEqual({ released: true });
    expect(await holderOf(b.client, uid)).toBeNull();
    expect(await a.client.orders.release.mutate({ uid })).toEqual({ released: false });
  });

  it('bad input is refused naming the field', async () => {
    const refused = await trpcError(a.client.orders.take.mutate({ uid: '<b>x</b>' }));
    expect(refused.data?.code).toBe('BAD_REQUEST');
    expect(refused.message).toMatch(/uid.*must be an order uid/);
  });

  it('a hold ends HOLD_IDLE_MS after the holder last acted on the order, and an action restarts the time', async () => {
    const [idle, busy] = [open[3]!, open[4]!];
    await a.client.orders.take.mutate({ uid: idle });
    await a.client.orders.take.mutate({ uid: busy });
    clock += 2 * HOUR - 60_000;
    // A comment by the holder is an action on the order: its hold starts its idle time again. Who
    // holds what is unchanged, so no console is sent the set again for it.
    let signalled = 0;
    const stop = stack.app.services.team.holds.onChange(() => {
      signalled += 1;
    });
    await a.client.orders.comments.add.mutate({ orderUid: busy, text: 'Calling the courier now' });
    stop();
    expect(signalled).toBe(0);
    clock += 60_000;
    expect(await holderOf(b.client, idle)).toBeNull();
    expect(await holderOf(b.client, busy)).toBe('Olivia Ops');
    // The expired one is no obstacle: B takes it without being asked.
    await b.client.orders.take.mutate({ uid: idle });
    expect(await holderOf(a.client, idle)).toBe('Dan Developer');
    // The sweep removes what expired (the live lists get the change).
    clock += 2 * HOUR;
    await stack.app.services.team.holds.sweep();
    expect(await stack.app.services.team.holds.list()).toEqual([]);
  });

  it("a colleague's change to a held order reaches the holder's centre, and ending it says so", async () => {
    const uid = open[6]!;
    await a.client.orders.take.mutate({ uid });
    const { user } = await a.client.users.me.query();
    const told = async () =>
      (await stack.app.services.collaboration.notifications.state(user.uid)).items
        .filter((n) => n.orderUid === uid)
        .map((n) => n.text);
    // The holder's own change tells nobody.
    await a.client.orders.comments.add.mutate({ orderUid: uid, text: 'On it now' });
    expect(await told()).toEqual([]);
    await b.client.orders.comments.add.mutate({ orderUid: uid, text: 'Customer called' });
    await b.client.orders.changeStatus.mutate({
      orderUid: uid,
      status: 'cancelled',
      happenedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const { reference } = (await a.client.orders.detail.query({ uid })).order;
    const items = (await stack.app.services.collaboration.notifications.state(user.uid)).items.filter(
      (n) => n.orderUid === uid,
    );
    const texts = items.map((n) => n.text);
    expect(texts).toHaveLength(2);
    expect(texts).toContain('On an order you hold, Dan Developer commented');
    expect(texts.find((t) => t.includes('status'))).toMatch(
      /^On an order you hold, Dan Developer changed the status from .+ to Canceled; your hold ended$/,
    );
    for (const item of items)
      expect(item).toMatchObject({ kind: 'changed', reference, author: { name: 'Dan Developer' } });
    await vi.waitFor(async () => expect(await holderOf(b.client, uid)).toBeNull(), { timeout: 5000 });
  });

  it('an order reaching a done status loses its hold', async () => {
    const uid = open[5]!;
    await a.client.orders.take.mutate({ uid });
    await a.client.orders.changeStatus.mutate({
      orderUid: uid,
      status: 'shipping_delivered',
      happenedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await vi.waitFor(async () => expect(await holderOf(b.client, uid)).toBeNull(), { timeout: 5000 });
  });
});

describe('what one person may hold: only orders they can open, HOLDS_MAX_PER_USER at once, HOLD_RATE_MAX takes and releases per window', {
  timeout: 60_000,
}, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let open: string[];

  beforeAll(async () => {
    stack = await startStack({ HOLDS_MAX_PER_USER: '2', HOLD_RATE_MAX: '6', HOLD_RATE_WINDOW_MS: '600000' });
    a = await stack.signIn('ops@example.com');
    const orders = polledOrders((await a.client.orders.search.query({})).orders);
    open = orders.filter((o) => !isDoneStatus(o.aggregated_status.key)).map((o) => o.uid);
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('refuses a made-up order, a third hold, and a seventh take or release in the window, each naming why', async () => {
    const missing = await trpcError(a.client.orders.take.mutate({ uid: 'ord_000000000000000000000000' }));
    expect(missing.data?.code).toBe('NOT_FOUND');
    expect(missing.message).toBe('No such order: it does not exist or you cannot open it');

    await a.client.orders.take.mutate({ uid: open[0]! });
    await a.client.orders.take.mutate({ uid: open[1]! });
    // Taking again one already held keeps it: no room needed, and no second activity entry.
    await a.client.orders.take.mutate({ uid: open[1]! });
    const taken = (await a.client.activity.forOrder.query({ uid: open[1]! })).entries;
    expect(taken.filter((e) => e.action === 'take')).toHaveLength(1);
    const third = await trpcError(a.client.orders.take.mutate({ uid: open[2]! }));
    expect(third.data?.code).toBe('BAD_REQUEST');
    expect(third.message).toMatch(/^You hold 2 orders, the most one person may \(HOLDS_MAX_PER_USER\)/);
    expect((await a.client.holds.list.query()).holds.map((h) => h.orderUid).sort()).toEqual(
      [open[0]!, open[1]!].sort(),
    );

    // Five counted so far, the refused ones too: the sixth goes, the seventh is over the limit.
    await a.client.orders.release.mutate({ uid: open[0]! });
    const tooMany = await trpcError(a.client.orders.release.mutate({ uid: open[1]! }));
    expect(tooMany.data?.code).toBe('TOO_MANY_REQUESTS');
    expect(tooMany.message).toMatch(/^Too many takes and releases: at most 6 per 600 s per user/);
  });
});
