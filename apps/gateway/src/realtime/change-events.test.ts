import { makeOrder } from '@waybill/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { type ChangeEvent, MemoryChangeEventLog, PUBLISHED_TTL_MS } from './change-events.js';

const at = (uid: string, updated_at: string) => makeOrder({ uid, updated_at });

describe('change-event log: own writes and the poll, deduplicated by uid@updated_at', () => {
  it("the poll's later sighting of an own write publishes nothing; a newer change of it does", async () => {
    const log = new MemoryChangeEventLog();
    const seen: ChangeEvent[] = [];
    log.subscribe((e) => seen.push(e));
    const written = await log.appendWrite({ orders: [at('a', 't1')], inbounds: [], at: 1 });
    expect(written).toMatchObject({ id: '1', source: 'write' });
    const polled = await log.append([at('a', 't1'), at('b', 't1')], 2);
    expect(polled.orders.map((o) => o.uid)).toEqual(['b']);
    const nothing = await log.append([at('a', 't1')], 3);
    expect(nothing).toMatchObject({ id: '2', orders: [] });
    await log.append([at('a', 't2')], 4);
    expect(
      seen.map((e) => `${e.source}:${e.orders.map((o) => `${o.uid}@${o.updated_at}`).join(',')}`),
    ).toEqual(['write:a@t1', 'poll:b@t1', 'poll:a@t2']);
  });

  it('a write the poll published first is not pushed again; an inbound-only write still is', async () => {
    const log = new MemoryChangeEventLog();
    await log.append([at('a', 't1')], 1);
    expect(await log.appendWrite({ orders: [at('a', 't1')], inbounds: [], at: 2 })).toBeNull();
    const inbound = await log.appendWrite({ orders: [], inbounds: [{ uid: 'i1', updated_at: 't1' }], at: 3 });
    expect(inbound).toMatchObject({
      orders: [],
      inbounds: [{ uid: 'i1', updated_at: 't1' }],
      source: 'write',
    });
    expect((await log.since('0'))?.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('forgets what it published after the TTL', async () => {
    let now = 0;
    const log = new MemoryChangeEventLog(1000, () => now);
    await log.appendWrite({ orders: [at('a', 't1')], inbounds: [], at: 0 });
    now = PUBLISHED_TTL_MS + 1;
    expect((await log.append([at('a', 't1')], now)).orders).toHaveLength(1);
  });
});
