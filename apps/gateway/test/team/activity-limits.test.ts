import { type ActivityEntry, isDoneStatus } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actorDailyQuota } from '../../src/team/activity.js';
import { type Client, polledOrders, type Stack, startStack } from '../realtime/harness.js';

const DAY = 86_400_000;

describe('what one person may add to the activity record, and what a read may cost (real HTTP, backend-sim)', {
  timeout: 60_000,
}, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let b: { client: Client; token: string };
  let open: string[];

  beforeAll(async () => {
    // A record of 100 entries: one person may add 10 a day.
    stack = await startStack({ ACTIVITY_MAX_ENTRIES: '100' });
    a = await stack.signIn('ops@example.com');
    b = await stack.signIn('dev@example.com');
    const orders = polledOrders((await a.client.orders.search.query({})).orders);
    open = orders.filter((o) => !isDoneStatus(o.aggregated_status.key)).map((o) => o.uid);
    expect(open.length).toBeGreaterThan(12);
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("past a tenth of ACTIVITY_MAX_ENTRIES in a day a person's changes go through unrecorded, with one warning; others and the next day are recorded", async () => {
    const { activity } = stack.app.services.team;
    expect(actorDailyQuota(100)).toBe(10);
    const warn = vi.spyOn(activity.opts.logger, 'warn');
    const { user } = await a.client.users.me.query();
    const action = {
      kind: 'status' as const,
      status: 'shipping_in_transit' as const,
      happenedAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const first = await a.client.orders.bulk.mutate({ action, orderUids: open.slice(0, 12) });
    expect(first.results.every((r) => r.ok)).toBe(true);
    const again = await a.client.orders.bulk.mutate({ action, orderUids: open.slice(0, 3) });
    expect(again.results.every((r) => r.ok)).toBe(true);
    expect((await b.client.activity.list.query({ userId: user.uid })).entries).toHaveLength(10);
    const warnings = warn.mock.calls.filter(([, message]) => String(message).includes('until midnight UTC'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[0]).toMatchObject({ actorUid: user.uid, quota: 10 });

    // A colleague is not held back by it.
    await b.client.orders.comments.add.mutate({ orderUid: open[0]!, text: 'Still recorded' });
    expect((await a.client.activity.forOrder.query({ uid: open[0]! })).entries[0]?.excerpt).toBe(
      'Still recorded',
    );

    const realNow = activity.now;
    try {
      activity.now = () => realNow() + DAY;
      await a.client.orders.comments.add.mutate({ orderUid: open[1]!, text: 'A new day' });
      const mine = (await b.client.activity.list.query({ userId: user.uid })).entries;
      expect(mine[0]).toMatchObject({ action: 'comment', excerpt: 'A new day' });
    } finally {
      activity.now = realNow;
      warn.mockRestore();
    }
  });

  it('a filtered read touches only the entries it answers with, however large the record', async () => {
    const { activity } = stack.app.services.team;
    const { store } = activity.opts;
    const realMax = activity.opts.maxEntries;
    let reads = 0;
    // Entries that count every property read of them: a walk through the record would read each.
    const counted = (entry: ActivityEntry) =>
      new Proxy(entry, {
        get(target, property, receiver) {
          reads++;
          return Reflect.get(target, property, receiver);
        },
      });
    const size = 20_000;
    const start = Date.now() - size;
    const entries = Array.from({ length: size }, (_, i) =>
      counted({
        id: `${String(start + i).padStart(13, '0')}-${String(i).padStart(9, '0')}-0000aa`,
        orderUid: open[i % 10]!,
        reference: null,
        action: i === 0 ? 'reissue' : 'comment',
        actor: { uid: `usr_load_${i % 7}`, name: 'Load' },
        at: new Date(start + i).toISOString(),
        excerpt: 'load',
      }),
    );
    try {
      activity.opts.maxEntries = 100_000;
      await store.append(entries);
      const costOf = async (read: () => Promise<unknown>) => {
        reads = 0;
        await read();
        return reads;
      };
      expect(await costOf(() => b.client.activity.list.query({ userId: 'usr_nobody' }))).toBe(0);
      expect(await costOf(() => b.client.activity.list.query({ actions: ['escalation'] }))).toBe(0);
      expect(
        await costOf(() => b.client.activity.list.query({ to: new Date(start - DAY).toISOString() })),
      ).toBeLessThan(100);
      expect(
        await costOf(() => b.client.activity.forOrder.query({ uid: 'ord_000000000000000000000000' })),
      ).toBe(0);
      // The one entry at the far end of the record is found without reading what lies before it.
      let found: ActivityEntry[] = [];
      const cost = await costOf(async () => {
        found = (await b.client.activity.list.query({ actions: ['reissue'] })).entries;
      });
      expect(found.map((e) => e.actor.uid)).toEqual(['usr_load_0']);
      expect(cost).toBeLessThan(100);
      // Pages of one person's entries follow each other with no gap or repeat.
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await b.client.activity.list.query({
          userId: 'usr_load_3',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.entries.map((e) => e.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && seen.length < 200);
      const expected = entries
        .filter((e) => e.actor.uid === 'usr_load_3')
        .map((e) => e.id)
        .reverse()
        .slice(0, seen.length);
      expect(seen).toEqual(expected);
      expect(seen.length).toBeGreaterThanOrEqual(200);
    } finally {
      activity.opts.maxEntries = realMax;
      await activity.prune();
    }
  });
});
