import { applyListMessage, type ListMessage, type ListState } from '@waybill/contracts';
import { describe, expect, it, vi } from 'vitest';
import { Cohort, type CohortMember } from './cohort.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
type Row = { uid: string; updated_at: string; status: string };
type Meta = { total: number };
type Msg = ListMessage<Row, Meta>;

const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, s)).toISOString();
const row = (uid: string, s: number, status = 'new'): Row => ({ uid, updated_at: at(s), status });
const state = (rows: Row[]): ListState<Row, Meta> => ({ rows, meta: { total: rows.length } });

/** A backend whose answers the test releases one by one; each read answers what `current` holds then. */
function backend(initial: Row[]) {
  let current = initial;
  const pending: Array<{ answer: Row[]; release: () => void }> = [];
  return {
    set(rows: Row[]) {
      current = rows;
    },
    pending: () => pending.length,
    /** Lets the oldest in-flight read land; the caller waits for the refresh it belongs to. */
    landOldest() {
      pending.shift()?.release();
    },
    fetch: (_t: string, _s: AbortSignal, initial: boolean) => {
      const answer = current;
      if (initial) return Promise.resolve(state(answer));
      return new Promise<ListState<Row, Meta>>((resolve) => {
        pending.push({ answer, release: () => resolve(state(answer)) });
      });
    },
  };
}

async function drain(member: CohortMember<Row, Meta>): Promise<Array<{ id: string; message: Msg }>> {
  const out: Array<{ id: string; message: Msg }> = [];
  const ctl = new AbortController();
  while (member.queue.pending()) {
    const next = await member.queue.next(ctl.signal);
    if (next && next !== 'overflow') out.push(next as { id: string; message: Msg });
  }
  return out;
}

describe('Cohort early patch (own write)', () => {
  it('replaces a listed row in place at once; unlisted and not-newer rows are left to the refresh', async () => {
    const be = backend([row('a', 1), row('b', 1)]);
    const cohort = new Cohort<Row, Meta>('orders', 'k', be.fetch, silent);
    const { member, initial } = await cohort.join('tok', null);
    let client = applyListMessage<Row, Meta>(null, initial[0]!.message as Msg);

    expect(cohort.patchRows([row('b', 5, 'lost'), row('z', 5)], 1000)).toBe(true);
    expect(cohort.patchRows([row('a', 1, 'same-time'), row('b', 4, 'older')], 1000)).toBe(false);
    const pushed = await drain(member);
    expect(pushed.map((p) => p.message)).toEqual([
      { kind: 'patch', upserts: [row('b', 5, 'lost')], removed: [], meta: null, polledAt: 1000 },
    ]);
    for (const p of pushed) client = applyListMessage(client, p.message);
    expect(client.rows).toEqual([row('a', 1), row('b', 5, 'lost')]);

    // The refresh after it brings the same row: nothing more to push for it.
    be.set([row('a', 1), row('b', 5, 'lost')]);
    const refreshed = cohort.refresh(1000);
    be.landOldest();
    await refreshed;
    expect(await drain(member)).toEqual([]);

    // A subscriber that left before the early patch resumes with exactly it.
    const { initial: replay } = await cohort.join('tok', initial[0]!.id);
    expect(replay.map((m) => m.id)).toEqual(pushed.map((p) => p.id));
    cohort.close();
  });

  it('a refresh that read the backend before the write does not put the old row back', async () => {
    const be = backend([row('a', 1), row('b', 1)]);
    const cohort = new Cohort<Row, Meta>('orders', 'k', be.fetch, silent);
    const { member, initial } = await cohort.join('tok', null);
    let client = applyListMessage<Row, Meta>(null, initial[0]!.message as Msg);

    // A refresh for some earlier change reads while 'a' is at 2 s; the write (5 s) lands meanwhile.
    be.set([row('a', 2), row('b', 1)]);
    const first = cohort.refresh(900);
    expect(be.pending()).toBe(1);
    be.set([row('a', 2), row('b', 5, 'lost')]);
    cohort.patchRows([row('b', 5, 'lost')], 1000);
    void cohort.refresh(1000);
    // The refresh started after the write (once the first lands) reads 'b' leaving the filter.
    be.set([row('a', 2)]);
    be.landOldest();
    await first;
    expect(be.pending()).toBe(1);
    be.landOldest();
    // The refresh started after the write has no promise of its own: wait until it has applied.
    await vi.waitFor(() => expect(cohort.refreshUnderWay()).toBe(false));

    const pushed = await drain(member);
    const versionsOfB = pushed.flatMap((p) =>
      p.message.kind === 'patch'
        ? p.message.upserts.filter((r) => r.uid === 'b').map((r) => r.updated_at)
        : [],
    );
    expect(versionsOfB, 'b never goes back to its old row').toEqual([at(5)]);
    for (const p of pushed) client = applyListMessage(client, p.message);
    expect(client.rows, 'membership is the later refresh’s').toEqual([row('a', 2)]);
    cohort.close();
  });

  it('an order that left and came back is not overlaid by a forgotten early row', async () => {
    const be = backend([row('a', 1)]);
    const cohort = new Cohort<Row, Meta>('orders', 'k', be.fetch, silent);
    const { member } = await cohort.join('tok', null);
    cohort.patchRows([row('a', 5, 'lost')], 1000);
    be.set([]);
    const left = cohort.refresh(1000);
    be.landOldest();
    await left;
    // Back with an older-looking row (the backend's clock is its own): the backend's row is shown.
    be.set([row('a', 3, 'returned')]);
    const back = cohort.refresh(2000);
    be.landOldest();
    await back;
    const pushed = await drain(member);
    const last = pushed.at(-1)!.message;
    expect(last.kind === 'patch' && last.upserts).toEqual([row('a', 3, 'returned')]);
    cohort.close();
  });
});
