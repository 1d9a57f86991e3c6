import { TRPCError } from '@trpc/server';
import { applyListMessage, type ListMessage, type ListState } from '@waybill/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ALL_PARTS, Cohort, type RefreshParts } from './cohort.js';
import { CohortQuota } from './cohort-quota.js';
import { CohortRegistry } from './cohort-registry.js';
import { MemberTokens } from './member-tokens.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
type Row = { uid: string; v: number };

function source(states: ListState<Row, { total: number }>[]) {
  let calls = 0;
  return {
    calls: () => calls,
    fetch: async () => {
      const s = states[Math.min(calls, states.length - 1)]!;
      calls += 1;
      return s;
    },
  };
}

const s = (rows: Row[], total = rows.length): ListState<Row, { total: number }> => ({
  rows,
  meta: { total },
});

describe('Cohort', () => {
  it('sends a snapshot on join, then only the difference', async () => {
    const src = source([
      s([
        { uid: 'a', v: 1 },
        { uid: 'b', v: 1 },
      ]),
      s(
        [
          { uid: 'b', v: 2 },
          { uid: 'c', v: 1 },
        ],
        2,
      ),
    ]);
    const cohort = new Cohort<Row, { total: number }>('t', 'k', src.fetch, silent);
    const { member, initial } = await cohort.join('tok', null);
    expect(initial).toHaveLength(1);
    expect(initial[0]!.message.kind).toBe('snapshot');
    await cohort.refresh(null);
    const ctl = new AbortController();
    const pushed = await member.queue.next(ctl.signal);
    expect(pushed).not.toBe('overflow');
    const msg = (pushed as { message: ListMessage<Row, { total: number }> }).message;
    expect(msg).toEqual({
      kind: 'patch',
      upserts: [
        { uid: 'b', v: 2 },
        { uid: 'c', v: 1 },
      ],
      removed: ['a'],
      order: ['b', 'c'],
      meta: null,
    });
    const applied = applyListMessage(applyListMessage(null, initial[0]!.message as typeof msg), msg);
    expect(applied).toEqual(
      s(
        [
          { uid: 'b', v: 2 },
          { uid: 'c', v: 1 },
        ],
        2,
      ),
    );
  });

  it('pushes nothing when a refresh returns the same list', async () => {
    const same = s([{ uid: 'a', v: 1 }]);
    const src = source([same, same]);
    const cohort = new Cohort<Row, { total: number }>('t', 'k', src.fetch, silent);
    const { member } = await cohort.join('tok', null);
    await cohort.refresh(null);
    member.queue.close();
    expect(await member.queue.next(new AbortController().signal)).toBeUndefined();
    expect(src.calls()).toBe(2);
  });

  it('replays exactly the missed messages after lastEventId, or a snapshot for an unknown epoch', async () => {
    const src = source([s([{ uid: 'a', v: 1 }]), s([{ uid: 'a', v: 2 }]), s([{ uid: 'a', v: 3 }])]);
    const cohort = new Cohort<Row, { total: number }>('t', 'k', src.fetch, silent);
    const first = await cohort.join('tok', null);
    // Another tab stays, so the cohort goes on refreshing while the first is away.
    await cohort.join('tok', null);
    const lastSeen = first.initial[0]!.id;
    cohort.leave(first.member);
    await cohort.refresh(null);
    await cohort.refresh(null);
    const again = await cohort.join('tok', lastSeen);
    expect(again.initial.map((m) => m.message.kind)).toEqual(['patch', 'patch']);
    expect(again.initial.map((m) => m.id)).toEqual([`${cohort.epoch}:1`, `${cohort.epoch}:2`]);
    const stranger = await cohort.join('tok', 'deadbeef:1');
    expect(stranger.initial.map((m) => m.message.kind)).toEqual(['snapshot']);
    const current = await cohort.join('tok', `${cohort.epoch}:2`);
    expect(current.initial).toEqual([]);
  });

  it('reads nothing while nobody watches, and refreshes once when a member joins again', async () => {
    const src = source([s([{ uid: 'a', v: 1 }]), s([{ uid: 'a', v: 2 }])]);
    const cohort = new Cohort<Row, { total: number }>('t', 'k', src.fetch, silent);
    const first = await cohort.join('tok', null);
    cohort.leave(first.member);
    await cohort.refresh(null);
    await cohort.refresh(null);
    expect(src.calls()).toBe(1);
    // The returning tab resumes from what it had, then gets what the skipped refreshes would have brought.
    const again = await cohort.join('tok', first.initial[0]!.id);
    expect(again.initial).toEqual([]);
    const next = await again.member.queue.next(new AbortController().signal);
    expect(next !== 'overflow' && next?.message.kind).toBe('patch');
    expect(src.calls()).toBe(2);
  });

  it('reads only the parts a refresh asks for', async () => {
    const asked: RefreshParts[] = [];
    const cohort = new Cohort<Row, { total: number }>(
      't',
      'k',
      (_token, _signal, _initial, _change, parts) => {
        asked.push(parts);
        return Promise.resolve(s([{ uid: 'a', v: asked.length }]));
      },
      silent,
    );
    await cohort.join('tok', null);
    await cohort.refresh(1, { rows: false, later: ['count'] });
    await cohort.refresh(2, { rows: true, later: [] });
    expect(asked).toEqual([ALL_PARTS, { rows: false, later: ['count'] }, { rows: true, later: [] }]);
  });

  it('collapses refreshes requested during a fetch into one more fetch', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const cohort = new Cohort<Row, { total: number }>(
      't',
      'k',
      async () => {
        calls += 1;
        if (calls === 2) await new Promise<void>((r) => (release = r));
        return s([{ uid: 'a', v: calls }]);
      },
      silent,
    );
    await cohort.join('tok', null);
    const first = cohort.refresh(null);
    void cohort.refresh(null);
    void cohort.refresh(null);
    release();
    await first;
    // The one more fetch runs after `first`: wait until it is done, then count.
    await vi.waitFor(() => expect(cohort.refreshUnderWay()).toBe(false));
    expect(calls).toBe(3);
  });

  it('stays paused while the change poll is behind, though its own refreshes work again', async () => {
    vi.useFakeTimers();
    try {
      let failing = false;
      const fetch = async () => {
        if (failing) throw new Error('backend down');
        return s([{ uid: 'a', v: 1 }]);
      };
      const health = { intervalMs: 100, retry: false };
      const cohort = new Cohort<Row, { total: number }>('t', 'k', fetch, silent, {}, health);
      await cohort.join('tok', null);
      const paused = () => cohort.current().some((m) => m.message.kind === 'health');
      failing = true;
      await cohort.refresh(null).catch(() => {});
      await vi.advanceTimersByTimeAsync(2 * health.intervalMs);
      expect(paused()).toBe(true);
      // The poll falls behind while the cohort is paused for its own failures.
      cohort.pauseLive();
      failing = false;
      await cohort.refresh(null);
      expect(paused()).toBe(true);
      // The poll catches up: live again.
      cohort.resumeLive();
      expect(paused()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Cohort with a staged fetch', () => {
  type Meta = { total: number; stats: { n: number } };

  it('waits for every stage on the first load, then pushes rows before the slower meta', async () => {
    let round = 0;
    let releaseStats: () => void = () => {};
    const initials: boolean[] = [];
    const cohort = new Cohort<Row, Meta>(
      't',
      'k',
      async function* (_token, _signal, initial) {
        initials.push(initial);
        round += 1;
        yield { rows: [{ uid: 'a', v: round }], meta: { total: 1 } };
        if (round > 1) await new Promise<void>((r) => (releaseStats = r));
        yield { meta: { stats: { n: round } } };
      },
      silent,
    );
    const { member, initial } = await cohort.join('tok', null);
    expect(initial[0]!.message).toEqual({
      kind: 'snapshot',
      rows: [{ uid: 'a', v: 1 }],
      meta: { total: 1, stats: { n: 1 } },
    });
    const refreshed = cohort.refresh(123);
    const signal = new AbortController().signal;
    const rows = (await member.queue.next(signal)) as { message: ListMessage<Row, Meta> };
    expect(rows.message).toEqual({
      kind: 'patch',
      upserts: [{ uid: 'a', v: 2 }],
      removed: [],
      meta: null,
      polledAt: 123,
    });
    releaseStats();
    await refreshed;
    const stats = (await member.queue.next(signal)) as { message: ListMessage<Row, Meta> };
    expect(stats.message).toEqual({
      kind: 'patch',
      upserts: [],
      removed: [],
      meta: null,
      metaParts: { stats: { n: 2 } },
      polledAt: 123,
    });
    expect(initials).toEqual([true, false]);
  });

  it('reads the next change rows while the previous statistics still load; older statistics never overwrite newer', async () => {
    let round = 0;
    let fetched = 0;
    const release = new Map<number, () => void>();
    const cohort = new Cohort<Row, Meta>(
      't',
      'k',
      async function* () {
        round += 1;
        const mine = round;
        yield { rows: [{ uid: 'a', v: mine }], meta: { total: 1 } };
        if (mine > 1) await new Promise<void>((r) => release.set(mine, r));
        yield { meta: { stats: { n: mine } } };
      },
      silent,
      { onFetch: () => (fetched += 1) },
    );
    const { member } = await cohort.join('tok', null);
    const signal = new AbortController().signal;
    const next = async () =>
      ((await member.queue.next(signal)) as { message: ListMessage<Row, Meta> }).message;
    await cohort.refresh(1);
    expect(await next()).toMatchObject({ kind: 'patch', upserts: [{ uid: 'a', v: 2 }] });
    // The second refresh's statistics are still loading: the third refresh's rows come anyway.
    await cohort.refresh(2);
    expect(await next()).toMatchObject({ kind: 'patch', upserts: [{ uid: 'a', v: 3 }] });
    // The third refresh's statistics land first; the second's, older, are dropped.
    release.get(3)!();
    expect(await next()).toMatchObject({ kind: 'patch', metaParts: { stats: { n: 3 } } });
    release.get(2)!();
    // Three fetches done (the first load and both refreshes): the second's statistics were read.
    await vi.waitFor(() => expect(fetched).toBe(3));
    expect(member.queue.pending()).toBe(false);
    expect(cohort.snapshot().message).toMatchObject({ meta: { stats: { n: 3 } } });
  });

  it('keeps the rows it pushed when a later stage fails', async () => {
    let round = 0;
    const cohort = new Cohort<Row, Meta>(
      't',
      'k',
      async function* () {
        round += 1;
        yield { rows: [{ uid: 'a', v: round }], meta: { total: 1 } };
        if (round > 1) throw new Error('statistics unavailable');
        yield { meta: { stats: { n: round } } };
      },
      silent,
    );
    await cohort.join('tok', null);
    await cohort.refresh(null);
    expect(cohort.snapshot().message).toEqual({
      kind: 'snapshot',
      rows: [{ uid: 'a', v: 2 }],
      meta: { total: 1, stats: { n: 1 } },
    });
  });
});

describe('CohortRegistry', () => {
  it('identical subscribers share one cohort and one fetch; different filters do not', async () => {
    let fetches = 0;
    const registry = new CohortRegistry<Row, { total: number }, { f: string }>({
      kind: 't',
      fetch: () => async () => {
        fetches += 1;
        return s([]);
      },
      lingerMs: 10,
      logger: silent,
    });
    const joined = await Promise.all(
      Array.from({ length: 50 }, () => registry.join('user-1', { f: 'x' }, 'tok', null)),
    );
    expect(registry.cohorts.size).toBe(1);
    expect(fetches).toBe(1);
    await registry.join('user-1', { f: 'y' }, 'tok', null);
    await registry.join('user-2', { f: 'x' }, 'tok2', null);
    expect(registry.cohorts.size).toBe(3);
    for (const j of joined) registry.leave(j);
    // The cohort nobody is in goes once its linger (10 ms) is over.
    await vi.waitFor(() => expect(registry.cohorts.size).toBe(2));
    registry.close();
  });
});

describe('Cohort whose token the backend refuses', () => {
  it('ends only the members holding that token and refreshes again with another', async () => {
    const dead = new Set<string>();
    const used: string[] = [];
    let round = 0;
    const cohort = new Cohort<Row, { total: number }>(
      't',
      'k',
      async (token) => {
        used.push(token);
        if (dead.has(token))
          throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid or expired token' });
        round += 1;
        return s([{ uid: 'a', v: round }]);
      },
      silent,
    );
    const a = await cohort.join('tok-a', null);
    const b = await cohort.join('tok-b', null);
    dead.add('tok-b');
    await cohort.refresh(null);
    // Refused, the refresh runs again with tok-a: wait until that one is done.
    await vi.waitFor(() => expect(cohort.refreshUnderWay()).toBe(false));
    const signal = new AbortController().signal;
    await expect(b.member.queue.next(signal)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(cohort.members.has(a.member)).toBe(true);
    expect(used.slice(-2)).toEqual(['tok-b', 'tok-a']);
    const pushed = (await a.member.queue.next(signal)) as { message: ListMessage<Row, { total: number }> };
    expect(pushed.message).toMatchObject({ kind: 'patch', upserts: [{ uid: 'a', v: 2 }] });
    cohort.close();
  });

  it("a first load refused for one joiner's token ends that joiner only; the others load with theirs", async () => {
    const used: string[] = [];
    const refused: string[] = [];
    const cohort = new Cohort<Row, { total: number }>(
      't',
      'k',
      async (token) => {
        used.push(token);
        if (token === 'tok-dead')
          throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid or expired token' });
        return s([{ uid: 'a', v: 1 }]);
      },
      silent,
      { onTokenRefused: (token) => refused.push(token) },
    );
    // The first joiner's token makes the first load; the second joiner waits for it.
    const dead = cohort.join('tok-dead', null);
    const live = cohort.join('tok-live', null);
    await expect(dead).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const joined = await live;
    expect(joined.initial[0]!.message.kind).toBe('snapshot');
    expect(used).toEqual(['tok-dead', 'tok-live']);
    expect(refused).toEqual(['tok-dead']);
    expect([...cohort.members].map((m) => m.token)).toEqual(['tok-live']);
    cohort.close();
  });

  it("a token one cohort's refresh was refused for ends its members in every cohort; other tokens stay", async () => {
    const dead = new Set<string>();
    const logger = silent;
    const tokens = new MemberTokens({
      // The schedule alone would take an interval: only the refused refresh may end them here.
      check: async () => 'user-a',
      intervalMs: 60_000,
      logger,
    });
    const registry = new CohortRegistry<Row, { total: number }, { f: number }>({
      kind: 't',
      fetch: () => async (token) => {
        if (dead.has(token))
          throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid or expired token' });
        return s([{ uid: 'a', v: 1 }]);
      },
      lingerMs: 1000,
      logger,
      hooks: { onTokenRefused: (token) => tokens.refused(token) },
      tokens,
    });
    const one = await registry.join('user-a', { f: 1 }, 'tok-a', null);
    const other = await registry.join('user-a', { f: 1 }, 'tok-b', null);
    const elsewhere = await registry.join('user-a', { f: 2 }, 'tok-a', null);
    dead.add('tok-a');
    // The second cohort's refresh reads with tok-a (its only member): refused.
    await elsewhere.cohort.refresh(null);
    const signal = new AbortController().signal;
    await expect(one.member.queue.next(signal)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(elsewhere.member.queue.next(signal)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect([...one.cohort.members]).toEqual([other.member]);
    registry.close();
    tokens.close();
  });
});

describe('CohortQuota', () => {
  const entry = (idle: boolean, evicted: string[], name: string, quota: CohortQuota, scope: string) => {
    const e = {
      idle: () => idle,
      evict: () => {
        evicted.push(name);
        quota.remove(scope, e);
      },
    };
    return e;
  };

  it('makes room by ending idle cohorts oldest first, and refuses when every cohort has members', () => {
    const quota = new CohortQuota(2);
    const evicted: string[] = [];
    quota.add('u', entry(true, evicted, 'old-idle', quota, 'u'));
    quota.add('u', entry(true, evicted, 'new-idle', quota, 'u'));
    quota.admit('u');
    expect(evicted).toEqual(['old-idle']);
    quota.add('u', entry(false, evicted, 'busy', quota, 'u'));
    quota.admit('u');
    expect(evicted).toEqual(['old-idle', 'new-idle']);
    quota.add('u', entry(false, evicted, 'busy-2', quota, 'u'));
    expect(() => quota.admit('u')).toThrow(/at most 2 .*LIVE_COHORTS_PER_USER/);
    // Another user's cohorts are counted apart.
    expect(() => quota.admit('v')).not.toThrow();
  });
});
