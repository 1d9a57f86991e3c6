import { describe, expect, it, vi } from 'vitest';
import {
  type PresenceEntry,
  PresenceHub,
  PresenceLimitError,
  type PresenceTransport,
} from './presence-hub.js';

const entry = (over: Partial<PresenceEntry> = {}): PresenceEntry => ({
  holder: 'h1',
  userUid: 'usr_a',
  name: 'Ana',
  orderUid: 'ord_1',
  typing: false,
  ...over,
});

/** Two hubs wired to each other in memory, as Redis pub/sub would. */
function pair(now: () => number, ttlMs = 3000) {
  const listeners: Array<(replica: string, entries: PresenceEntry[] | null) => void> = [];
  const transport = (name: string): PresenceTransport & { send: (e: PresenceEntry[] | null) => void } => {
    const t = {
      publish: (entries: PresenceEntry[]) => t.send(entries),
      send: (entries: PresenceEntry[] | null) => {
        for (const [i, l] of listeners.entries()) if (i !== index) l(name, entries);
      },
      onRemote: (l: (replica: string, entries: PresenceEntry[] | null) => void) => {
        listeners.push(l);
      },
      requestSync: () => {},
      close: async () => t.send(null),
    };
    const index = listeners.length;
    return t;
  };
  const opts = { ordersPerSession: 5, viewersPerOrder: 5, ttlMs, now };
  const one = new PresenceHub({ ...opts, transport: transport('one') });
  const two = new PresenceHub({ ...opts, transport: transport('two') });
  return { one, two };
}

describe('PresenceHub', () => {
  it('merges a user’s tabs, typing if any tab types, and leaves the watcher out', () => {
    const hub = new PresenceHub({ ordersPerSession: 5, viewersPerOrder: 5, ttlMs: 3000 });
    hub.hold(entry());
    const typing = hub.hold(entry({ holder: 'h2', typing: true }));
    hub.hold(entry({ holder: 'h3', userUid: 'usr_b', name: 'Bo' }));
    expect(hub.snapshot('usr_c').orders).toEqual({
      ord_1: [
        { uid: 'usr_a', name: 'Ana', typing: true },
        { uid: 'usr_b', name: 'Bo', typing: false },
      ],
    });
    expect(hub.snapshot('usr_a').orders).toEqual({ ord_1: [{ uid: 'usr_b', name: 'Bo', typing: false }] });
    typing.release();
    typing.release();
    expect(hub.snapshot('usr_c').orders.ord_1?.[0]?.typing).toBe(false);
    expect(hub.localCount()).toBe(2);
  });

  it('refuses past the caps, counting distinct orders per session and distinct users per order', () => {
    const hub = new PresenceHub({ ordersPerSession: 2, viewersPerOrder: 2, ttlMs: 3000 });
    hub.hold(entry({ orderUid: 'ord_1' }));
    hub.hold(entry({ orderUid: 'ord_2' }));
    hub.hold(entry({ orderUid: 'ord_2', typing: true }));
    expect(() => hub.hold(entry({ orderUid: 'ord_3' }))).toThrow(PresenceLimitError);
    hub.hold(entry({ holder: 'h2', userUid: 'usr_b', orderUid: 'ord_1' }));
    expect(() => hub.hold(entry({ holder: 'h3', userUid: 'usr_c', orderUid: 'ord_1' }))).toThrow(
      /PRESENCE_VIEWERS_PER_ORDER/,
    );
  });

  it('shares entries between replicas and drops a silent replica’s after the TTL', async () => {
    let now = 1_000;
    const { one, two } = pair(() => now);
    one.hold(entry());
    // A local change is published a moment later (coalescing a tab's stop-then-start).
    await vi.waitFor(() => expect(two.snapshot(null).orders.ord_1).toHaveLength(1));
    // Another replica's entries count toward the caps too.
    now += 2_999;
    expect(two.snapshot(null).orders.ord_1).toHaveLength(1);
    now += 2;
    expect(two.snapshot(null).orders).toEqual({});
    await one.close();
    await two.close();
  });

  it('a replica that leaves takes its entries with it at once', async () => {
    const { one, two } = pair(() => 1_000);
    one.hold(entry());
    // A local change is published a moment later (coalescing a tab's stop-then-start).
    await vi.waitFor(() => expect(two.snapshot(null).orders.ord_1).toHaveLength(1));
    await one.close();
    expect(two.snapshot(null).orders).toEqual({});
    await two.close();
  });
});
