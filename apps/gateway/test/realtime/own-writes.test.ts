import {
  applyListMessage,
  FINAL_ORDER_STATUSES,
  type ListMessage,
  type ListState,
  type Order,
} from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersList } from '../../src/live-lists/orders.js';
import type { ChangeEvent } from '../../src/realtime/change-events.js';
import { trpcError } from '../helpers.js';
import { eventually, polledOrders, type Stack, startStack } from './harness.js';

type Meta = Record<string, unknown>;
type Msg = ListMessage<Order, Meta>;
interface Followed {
  ids: string[];
  messages: Msg[];
  state: ListState<Order, Meta> | null;
  stop(): void;
}
type Subscribable = {
  subscribe(
    input: unknown,
    opts: { onData(d: unknown): void; onError(e: unknown): void },
  ): { unsubscribe(): void };
};

function follow(on: unknown, input: unknown, from: ListState<Order, Meta> | null = null): Followed {
  const f: Followed = { ids: [], messages: [], state: from, stop: () => {} };
  const sub = (on as Subscribable).subscribe(input, {
    onData(d) {
      const { id, data } = d as { id: string; data: Msg };
      f.ids.push(id);
      f.messages.push(data);
      f.state = applyListMessage(f.state, data);
    },
    onError(e) {
      throw e;
    },
  });
  f.stop = () => sub.unsubscribe();
  return f;
}

/** Patches that carry this order at this updated_at. */
const sightings = (f: Followed, uid: string, updatedAt: string) =>
  f.messages.filter(
    (m) => m.kind === 'patch' && m.upserts.some((o) => o.uid === uid && o.updated_at === updatedAt),
  );
/** A patch whose list-level comments (what a re-read brings, not the row) hold this text. */
const commentInList = (m: Msg, text: string) => {
  if (m.kind !== 'patch') return false;
  const lists = m.metaLists as Record<string, { upserts: unknown[] }> | undefined;
  const comments = [...(lists?.comments?.upserts ?? []), ...((m.meta?.comments as unknown[]) ?? [])];
  return comments.some((c) => (c as { text?: string }).text === text);
};

describe('own-write fast path (one replica)', { timeout: 60_000 }, () => {
  let stack: Stack;
  const events: ChangeEvent[] = [];
  beforeAll(async () => {
    // The change poll runs once at start, then not for a minute: whatever arrives sooner came from the write.
    stack = await startStack({ CHANGE_POLL_MS: '60000', ADVANCED_COMMENT_USERS: 'ops@example.com' });
    stack.app.services.realtime.events.subscribe((e) => events.push(e));
    await eventually('the first poll', () => (stack.sim.control.callCounts()['/changes'] ?? 0) >= 1);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const changes = () => stack.sim.control.callCounts()['/changes'] ?? 0;
  const open = async (client: Awaited<ReturnType<Stack['signIn']>>['client']) =>
    polledOrders((await client.orders.search.query({})).orders).filter(
      (o) => !(FINAL_ORDER_STATUSES as readonly string[]).includes(o.aggregated_status.key),
    );

  it("session A's comment reaches session B's live list long before the next poll, once, even after the poll sees it", async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const target = (await open(a.client))[0]!;
    const sub = follow(b.client.orders.live, { filter: { reference: target.reference } });
    await eventually('B snapshot', () => sub.state?.rows.some((o) => o.uid === target.uid));
    const polls = changes();
    const answer = await a.client.orders.comments.add.mutate({
      orderUid: target.uid,
      text: 'Calling the courier now',
    });
    const updatedAt = answer.order.updated_at;
    await eventually('the comment in B', () => sightings(sub, target.uid, updatedAt).length > 0, 3000);
    expect(changes(), 'no /changes call in between: the write pushed it').toBe(polls);
    expect(sub.state?.rows.find((o) => o.uid === target.uid)?.comments.count_).toBe(
      answer.order.comments.count_,
    );
    expect(
      events.filter((e) => e.source === 'write' && e.orders.some((o) => o.uid === target.uid)),
    ).toHaveLength(1);

    // The poll's window covers the write now: it sees the order and publishes nothing again.
    const before = events.length;
    expect(await stack.app.services.realtime.poll.pollOnce()).toBe('ok');
    expect(changes()).toBe(polls + 1);
    expect(events.slice(before).filter((e) => e.orders.some((o) => o.uid === target.uid))).toEqual([]);
    // Barrier: A comments again. Its re-read runs after any the poll started for this cohort, so once
    // B has it, a second push of the first row would have come before.
    await a.client.orders.comments.add.mutate({ orderUid: target.uid, text: 'Courier confirmed pickup' });
    await eventually(
      'the next comment re-read in B',
      () => sub.messages.some((m) => commentInList(m, 'Courier confirmed pickup')),
      15_000,
    );
    expect(sightings(sub, target.uid, updatedAt)).toHaveLength(1);
    sub.stop();
  });

  it("the written row reaches B's list at once, before B's cohort has re-read a slow backend; the re-read still follows", async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const target = (await open(a.client))[8]!;
    const sub = follow(b.client.orders.live, { filter: { reference: target.reference } });
    await eventually('B snapshot', () => sub.state?.rows.some((o) => o.uid === target.uid));
    // Every row read of a cohort now takes 3 s: only the written row itself can reach B sooner.
    const slowMs = 3000;
    const reads = () => stack.sim.control.callCounts()['/orders/search/filter'] ?? 0;
    const readsBefore = reads();
    stack.sim.control.setFault({ kind: 'slow', delayMs: slowMs, paths: ['/orders/search/filter'] });
    try {
      const answer = await a.client.orders.comments.add.mutate({
        orderUid: target.uid,
        text: 'Courier called, parcel found',
      });
      const updatedAt = answer.order.updated_at;
      await eventually('the row in B', () => sightings(sub, target.uid, updatedAt).length > 0, 15_000);
      const rowIndex = sub.messages.indexOf(sightings(sub, target.uid, updatedAt)[0]!);
      expect(sub.state?.rows.find((o) => o.uid === target.uid)).toEqual(answer.order);

      // The cohort still re-reads for what the row does not carry: here the comment's text in the list.
      const hasComment = (m: Msg) => commentInList(m, 'Courier called, parcel found');
      await eventually('the re-read comment in B', () => sub.messages.some(hasComment), slowMs + 10_000);
      expect(reads()).toBeGreaterThan(readsBefore);
      expect(sub.messages.findIndex(hasComment), 'the row came first, on its own').toBeGreaterThan(rowIndex);
      expect(sightings(sub, target.uid, updatedAt), 'the re-read pushes the row no second time').toHaveLength(
        1,
      );
    } finally {
      stack.sim.control.setFault(null);
      sub.stop();
    }
  });

  it('a subscriber resuming between the early row and the re-read gets the rest once and ends where a fresh one starts', async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const target = (await open(a.client))[9]!;
    const input = { filter: { reference: target.reference } };
    // `stays` keeps the cohort's history going while `leaves` is away.
    const stays = follow(b.client.orders.live, input);
    const leaves = follow(b.client.orders.live, input);
    await eventually('B snapshots', () =>
      [stays, leaves].every((f) => f.state?.rows.some((o) => o.uid === target.uid)),
    );
    stack.sim.control.setFault({ kind: 'slow', delayMs: 1500, paths: ['/orders/search/filter'] });
    let resumed: Followed | null = null;
    try {
      const answer = await a.client.orders.comments.add.mutate({
        orderUid: target.uid,
        text: 'Parcel re-sent',
      });
      const updatedAt = answer.order.updated_at;
      await eventually('the early row', () => sightings(leaves, target.uid, updatedAt).length > 0, 1500);
      leaves.stop();
      const lastId = leaves.ids.at(-1)!;
      const missedFrom = stays.ids.indexOf(lastId) + 1;
      expect(missedFrom, 'both saw the same ids').toBeGreaterThan(0);
      const hasComment = (m: Msg) => JSON.stringify(m).includes('Parcel re-sent');
      await eventually('the re-read in the other', () => stays.messages.some(hasComment), 15_000);
      resumed = follow(b.client.orders.live, { ...input, lastEventId: lastId }, leaves.state);
      // Later stages (statistics) may still land: compared once both have had them.
      const same = () => JSON.stringify(resumed!.ids) === JSON.stringify(stays.ids.slice(missedFrom));
      await eventually('exactly what it missed', same, 5000);
      expect(resumed.ids).toEqual(stays.ids.slice(missedFrom));
      expect(resumed.messages.some(hasComment)).toBe(true);
      expect(sightings(resumed, target.uid, updatedAt), 'the row it had is not sent again').toEqual([]);
      const fresh = follow(b.client.orders.live, input);
      await eventually('a fresh snapshot', () => fresh.state);
      await expect.poll(() => resumed!.state, { timeout: 5000 }).toEqual(fresh.state);
      fresh.stop();
    } finally {
      stack.sim.control.setFault(null);
      stays.stop();
      resumed?.stop();
    }
  });

  it('a bulk comment reaches the other session for every order at once, as one event', async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const targets = (await open(a.client)).slice(4, 6);
    const subs = targets.map((t) => follow(b.client.orders.live, { filter: { reference: t.reference } }));
    await eventually('B snapshots', () =>
      subs.every((s, i) => s.state?.rows.some((o) => o.uid === targets[i]!.uid)),
    );
    const polls = changes();
    const before = events.length;
    const answer = await a.client.orders.bulk.mutate({
      action: { kind: 'comment', text: 'Courier strike today, all delayed' },
      orderUids: targets.map((o) => o.uid),
    });
    expect(answer.results.every((r) => r.ok)).toBe(true);
    const written = events.slice(before).filter((e) => e.source === 'write');
    expect(written).toHaveLength(1);
    expect(written[0]!.orders.map((o) => o.uid).sort()).toEqual(targets.map((o) => o.uid).sort());
    await eventually(
      'the bulk comments in B',
      () =>
        targets.every((t, i) => {
          const updated = written[0]!.orders.find((o) => o.uid === t.uid)!.updated_at;
          return sightings(subs[i]!, t.uid, updated).length === 1;
        }),
      3000,
    );
    expect(changes()).toBe(polls);
    for (const s of subs) s.stop();
  });

  it("an inbound status change reaches the other session's inbound list at once, not at its 30 s refresh", async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const sub = follow(b.client.inbounds.live, {});
    await eventually('B inbounds snapshot', () => sub.state && sub.state.rows.length > 0, 10_000);
    const target = (sub.state!.rows as unknown as Array<{ uid: string; status: string }>).find(
      (i) => i.status !== 'processing',
    )!;
    const pushed = sub.messages.length;
    const answer = await a.client.inbounds.changeStatus.mutate({
      inboundUid: target.uid,
      status: 'processing',
      happenedAt: new Date().toISOString(),
    });
    expect(answer.inventory_receipt.status).toBe('processing');
    await eventually(
      'the inbound change in B',
      () =>
        sub.messages
          .slice(pushed)
          .some(
            (m) =>
              m.kind === 'patch' &&
              (m.removed.includes(target.uid) ||
                m.upserts.some(
                  (i) => i.uid === target.uid && (i as unknown as { status: string }).status === 'processing',
                )),
          ),
      3000,
    );
    sub.stop();
  });

  it('an invalid-address workflow (its answer names the order by uid) reaches the other session at once', async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const target = (await open(a.client))[7]!;
    stack.sim.control.changeOrder(target.uid, { status: 'errors_incorrect_shipping_address' });
    const sub = follow(b.client.orders.live, { filter: { reference: target.reference } });
    await eventually('B snapshot', () => sub.state?.rows.some((o) => o.uid === target.uid));
    const polls = changes();
    const before = events.length;
    await a.client.orders.invalidAddress.create.mutate({ orderUid: target.uid });
    const written = events.slice(before).find((e) => e.source === 'write');
    const updatedAt = written?.orders.find((o) => o.uid === target.uid)?.updated_at;
    expect(updatedAt, 'the workflow write was published').toBeDefined();
    await eventually('the workflow in B', () => sightings(sub, target.uid, updatedAt!).length > 0, 3000);
    expect(changes()).toBe(polls);
    sub.stop();
  });

  it('a subscriber resuming with lastEventId gets the write it missed exactly once', async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const target = (await open(a.client))[1]!;
    const input = { filter: { reference: target.reference } };
    const first = follow(b.client.orders.live, input);
    await eventually('B snapshot', () => first.state?.rows.some((o) => o.uid === target.uid));
    const lastId = first.ids.at(-1)!;
    first.stop();
    const answer = await a.client.orders.changeStatus.mutate({
      orderUid: target.uid,
      status: 'shipping_in_transit',
      happenedAt: new Date().toISOString(),
    });
    // The gateway has seen B leave, and the write's re-read (if B was still there for it) has landed.
    const registry = stack.app.services.realtime.list(ordersList.kind);
    await eventually(
      'B gone and the write settled',
      () =>
        registry.memberCount() === 0 &&
        ![...registry.cohorts.values()].some(({ cohort }) => cohort.refreshUnderWay()),
      15_000,
    );
    await stack.app.services.realtime.poll.pollOnce();
    const resumed = follow(b.client.orders.live, { ...input, lastEventId: lastId }, first.state);
    await eventually(
      'the missed write',
      () => sightings(resumed, target.uid, answer.order.updated_at).length > 0,
      15_000,
    );
    // Barrier: A comments too. Its re-read runs after the resume's, so once `resumed` has it, a
    // repeat of the write would have come before.
    await a.client.orders.comments.add.mutate({ orderUid: target.uid, text: 'Parcel handed over' });
    await eventually(
      'the later comment re-read',
      () => resumed.messages.some((m) => commentInList(m, 'Parcel handed over')),
      15_000,
    );
    const [epoch, seq] = lastId.split(':');
    expect(resumed.messages.every((m) => m.kind === 'patch')).toBe(true);
    expect(resumed.ids).toEqual(resumed.ids.map((_, i) => `${epoch}:${Number(seq) + i + 1}`));
    expect(sightings(resumed, target.uid, answer.order.updated_at)).toHaveLength(1);
    expect(resumed.state?.rows.find((o) => o.uid === target.uid)?.aggregated_status.key).toBe(
      'shipping_in_transit',
    );
    resumed.stop();
  });

  it('a status change sent with what the modal saw is refused with who changed the order first; without it, it saves', async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const target = (await open(a.client))[2]!;
    const seen = (await b.client.orders.detail.query({ uid: target.uid })).order;
    const expected = { updatedAt: seen.updated_at, status: seen.aggregated_status.key };
    // Nothing changed yet: no warning.
    const mine = await b.client.orders.changeStatus.mutate({
      orderUid: target.uid,
      status: 'shipping_in_transit',
      happenedAt: new Date().toISOString(),
      expected,
    });
    const afterMine = { updatedAt: mine.order.updated_at, status: mine.order.aggregated_status.key };
    await a.client.orders.changeStatus.mutate({
      orderUid: target.uid,
      status: 'lost',
      happenedAt: new Date().toISOString(),
    });
    const refused = await trpcError(
      b.client.orders.changeStatus.mutate({
        orderUid: target.uid,
        status: 'shipping_delivered',
        happenedAt: new Date().toISOString(),
        expected: afterMine,
      }),
    );
    expect(refused.data?.code).toBe('CONFLICT');
    const conflict = (refused.data as { conflict?: unknown }).conflict as {
      by: string;
      at: string;
      what: unknown;
    };
    expect(conflict.by).toBe('Olivia Ops');
    expect(conflict.what).toEqual({ kind: 'status', status: 'lost' });
    expect(Date.now() - Date.parse(conflict.at)).toBeLessThan(10_000);
    // The order kept A's status; "Save anyway" (no expected) saves.
    expect((await b.client.orders.detail.query({ uid: target.uid })).order.aggregated_status.key).toBe(
      'lost',
    );
    const saved = await b.client.orders.changeStatus.mutate({
      orderUid: target.uid,
      status: 'shipping_delivered',
      happenedAt: new Date().toISOString(),
    });
    expect(saved.order.aggregated_status.key).toBe('shipping_delivered');
  });

  it("one's own last change is no conflict (a second modal opened before the list caught up)", async () => {
    const b = await stack.signIn('dev@example.com');
    const target = (await open(b.client))[6]!;
    const seen = (await b.client.orders.detail.query({ uid: target.uid })).order;
    const expected = { updatedAt: seen.updated_at, status: seen.aggregated_status.key };
    await b.client.orders.changeStatus.mutate({
      orderUid: target.uid,
      status: 'shipping_in_transit',
      happenedAt: new Date().toISOString(),
      expected,
    });
    // The same stale view again, from the same user: saved, not warned.
    const again = await b.client.orders.changeStatus.mutate({
      orderUid: target.uid,
      status: 'lost',
      happenedAt: new Date().toISOString(),
      expected,
    });
    expect(again.order.aggregated_status.key).toBe('lost');
  });

  it('a comment by someone else since the modal opened is named, with its author', async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn('dev@example.com');
    const target = (await open(a.client))[3]!;
    const seen = (await b.client.orders.detail.query({ uid: target.uid })).order;
    // A's comment must be newer than what B saw, to the millisecond.
    await eventually('a millisecond past what B saw', () => Date.now() > Date.parse(seen.updated_at));
    await a.client.orders.comments.add.mutate({ orderUid: target.uid, text: 'I am on it already' });
    const refused = await trpcError(
      b.client.orders.reissueLabel.mutate({
        orderUid: target.uid,
        numberOfParcels: 2,
        expected: { updatedAt: seen.updated_at, status: seen.aggregated_status.key },
      }),
    );
    expect(refused.data?.code).toBe('CONFLICT');
    expect((refused.data as { conflict?: unknown }).conflict).toMatchObject({
      by: 'Olivia Ops',
      what: { kind: 'comment' },
    });
  });
});
