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

const DAY = 86_400_000;

describe('the activity record (real HTTP and websockets, backend-sim)', { timeout: 60_000 }, () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let b: { client: Client; token: string };
  let open: string[];

  beforeAll(async () => {
    stack = await startStack({ ACTIVITY_KEEP_DAYS: '30', ACTIVITY_MAX_ENTRIES: '100' });
    a = await stack.signIn('ops@example.com');
    b = await stack.signIn('dev@example.com');
    const filter = { statuses: ['ready_for_picking', 'in_picking', 'waiting_for_courier'] };
    const search = await a.client.orders.search.query({ filter, window: { skip: 0, limit: 100 } });
    const orders = polledOrders(search.orders);
    open = orders
      .filter((o) =>
        ['ready_for_picking', 'in_picking', 'waiting_for_courier'].includes(o.aggregated_status.key),
      )
      .map((o) => o.uid);
    expect(open.length).toBeGreaterThan(5);
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('records every change with its actor: status (from → to, with its date), comment, escalation, snooze, reissue, bulk, take and release', async () => {
    const [one, two, three] = [open[0]!, open[1]!, open[2]!];
    const before = (await a.client.orders.detail.query({ uid: one })).order.aggregated_status.key;
    const happenedAt = new Date(Date.now() - 60_000).toISOString();
    await a.client.orders.changeStatus.mutate({ orderUid: one, status: 'shipping_in_transit', happenedAt });
    await a.client.orders.comments.add.mutate({
      orderUid: one,
      text: 'Escalating: the customer phoned twice',
      escalate: true,
      team: 'development',
    });
    await b.client.orders.comments.add.mutate({
      orderUid: two,
      text: 'Waiting for stock',
      snooze: true,
      snoozeValue: 24,
    });
    await b.client.orders.reissueLabel.mutate({ orderUid: two, numberOfParcels: 2 });
    await b.client.orders.bulk.mutate({
      action: { kind: 'comment', text: 'Checked in bulk' },
      orderUids: [two, three],
    });
    await a.client.orders.take.mutate({ uid: three });
    await a.client.orders.release.mutate({ uid: three });

    const forOne = (await b.client.activity.forOrder.query({ uid: one })).entries;
    expect(forOne.map((e) => [e.action, e.actor.name])).toEqual([
      ['escalation', 'Olivia Ops'],
      ['comment', 'Olivia Ops'],
      ['status', 'Olivia Ops'],
    ]);
    expect(forOne[2]).toMatchObject({ from: before, to: 'shipping_in_transit', happenedAt });
    expect(forOne[1]?.excerpt).toBe('Escalating: the customer phoned twice');
    expect(forOne[0]?.detail).toBe('development');

    const forTwo = (await a.client.activity.forOrder.query({ uid: two })).entries;
    expect(forTwo.map((e) => [e.action, e.actor.name, e.bulk ?? false])).toEqual([
      ['comment', 'Dan Developer', true],
      ['reissue', 'Dan Developer', false],
      ['snooze', 'Dan Developer', false],
      ['comment', 'Dan Developer', false],
    ]);
    const forThree = (await a.client.activity.forOrder.query({ uid: three })).entries;
    expect(forThree.map((e) => e.action)).toEqual(['release', 'take', 'comment']);

    // Each entry names its order by reference, so the team's list says which order each line is about.
    const referenceOf = async (uid: string) => (await a.client.orders.detail.query({ uid })).order.reference;
    for (const [uid, entries] of [
      [one, forOne],
      [two, forTwo],
      [three, forThree],
    ] as const) {
      const reference = await referenceOf(uid);
      expect(reference).toBeTruthy();
      expect(entries.map((e) => e.reference)).toEqual(entries.map(() => reference));
    }

    // The team's list, filtered by user and action.
    const dan = forTwo[0]!.actor.uid;
    const byDan = (await a.client.activity.list.query({ userId: dan })).entries;
    expect(byDan.every((e) => e.actor.name === 'Dan Developer')).toBe(true);
    expect(byDan).toHaveLength(5);
    const takes = (await a.client.activity.list.query({ actions: ['take', 'release'] })).entries;
    expect(takes.map((e) => e.action)).toEqual(['release', 'take']);
  });

  it('a bulk job records each order it changed, as the job owner', async () => {
    const uid = open[5]!;
    const job = await b.client.orders.bulkStart.mutate({
      action: { kind: 'comment', text: 'Checked by a bulk job' },
      orderUids: [uid],
    });
    await vi.waitFor(
      async () => expect((await b.client.orders.bulkJob.query({ jobId: job.jobId })).state).toBe('done'),
      { timeout: 10_000 },
    );
    await vi.waitFor(async () => {
      const entries = (await a.client.activity.forOrder.query({ uid })).entries;
      expect(entries.map((e) => [e.action, e.actor.name, e.bulk, e.excerpt])).toEqual([
        ['comment', 'Dan Developer', true, 'Checked by a bulk job'],
      ]);
    });
  });

  it('a refused change is not recorded', async () => {
    const uid = open[3]!;
    await trpcError(
      a.client.orders.reissueLabel.mutate({ orderUid: 'ord_does_not_exist', numberOfParcels: 1 }),
    );
    expect((await a.client.activity.forOrder.query({ uid: 'ord_does_not_exist' })).entries).toEqual([]);
    expect((await a.client.activity.forOrder.query({ uid })).entries).toEqual([]);
  });

  it('activity.live pushes new matching entries to another user, newest first, and leaves others out', async () => {
    const uid = open[3]!;
    const tab = createClient(stack.url, b.token);
    const seen: Array<{ kind: string; actions: string[] }> = [];
    const sub = tab.client.activity.live.subscribe(
      { actions: ['comment'] },
      { onData: ({ data }) => seen.push({ kind: data.kind, actions: data.entries.map((e) => e.action) }) },
    );
    await eventually('snapshot', () => seen[0]?.kind === 'snapshot');
    expect(seen[0]?.actions.every((a) => a === 'comment')).toBe(true);
    await a.client.orders.take.mutate({ uid });
    await a.client.orders.comments.add.mutate({ orderUid: uid, text: 'Pushed live to the team' });
    await eventually('added', () => seen.some((m) => m.kind === 'added'));
    expect(seen.filter((m) => m.kind === 'added')).toEqual([{ kind: 'added', actions: ['comment'] }]);
    sub.unsubscribe();
    tab.close();
  });

  it('a time range with from later than to is refused with a clear message', async () => {
    const refused = await trpcError(
      a.client.activity.list.query({ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }),
    );
    expect(refused.data?.code).toBe('BAD_REQUEST');
    expect(refused.message).toContain('"from" must not be later than "to"');
  });

  it('keeps ACTIVITY_KEEP_DAYS and at most ACTIVITY_MAX_ENTRIES, oldest first out', async () => {
    const { activity } = stack.app.services.team;
    const realNow = activity.now;
    const start = Date.now();
    try {
      activity.now = () => start - 31 * DAY;
      await activity.record({ uid: 'u-old', name: 'Old Timer' }, [{ orderUid: open[4]!, action: 'take' }]);
      activity.now = () => start;
      // Past the retention: no longer listed, even before the prune removes it.
      expect((await a.client.activity.list.query({ userId: 'u-old' })).entries).toEqual([]);
      await activity.prune();
      activity.now = () => start - 29 * DAY;
      expect((await activity.list({ userId: 'u-old' })).entries).toEqual([]);
      activity.now = () => start;
      // Twelve people, each within their tenth of the record a day.
      const records = Array.from({ length: 10 }, () => ({ orderUid: open[4]!, action: 'comment' as const }));
      for (let i = 0; i < 12; i++)
        await activity.record({ uid: `u-bulk-${i}`, name: `Busy Bee ${i}` }, records);
      let total = 0;
      let cursor: string | undefined;
      do {
        const page = await a.client.activity.list.query(cursor ? { cursor } : {});
        total += page.entries.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(total).toBe(100);
    } finally {
      activity.now = realNow;
    }
  });
});
