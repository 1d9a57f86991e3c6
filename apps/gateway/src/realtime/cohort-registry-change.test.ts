import type { ListMessage, ListState } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { ChangePace } from './change-pace.js';
import type { CohortMember } from './cohort.js';
import { CohortRegistry } from './cohort-registry.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
type Row = { uid: string; updated_at: string };
type Meta = { total: number };
type Query = { name: string };
type Msg = ListMessage<Row, Meta>;

const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, s)).toISOString();
const before = { uid: 'o1', updated_at: at(1) };
const after = { uid: 'o1', updated_at: at(5) };
const state = (rows: Row[]): ListState<Row, Meta> => ({ rows, meta: { total: rows.length } });

/**
 * Three cohorts (a, b, c, joined in that order) that all list `o1`. The first load answers at once;
 * a re-read answers (with `o1` changed) only for the cohorts in `answering`. `log` holds, in order,
 * each re-read asked for and each early patch written.
 */
async function threeCohorts(
  answering: Set<string>,
  pace?: ChangePace,
  /** A re-read's answer, in place of `answering`'s, where it returns one. */
  reread: (name: string) => Promise<ListState<Row, Meta>> | undefined = () => undefined,
) {
  const log: string[] = [];
  const registry = new CohortRegistry<Row, Meta, Query>({
    pace,
    kind: 'orders',
    fetch: (query) => (_token, _signal, initial) => {
      if (initial) return Promise.resolve(state([before]));
      log.push(`re-read ${query.name}`);
      const answer = reread(query.name);
      if (answer) return answer;
      return answering.has(query.name) ? Promise.resolve(state([after])) : new Promise(() => {});
    },
    lingerMs: 60_000,
    logger: silent,
  });
  const members = new Map<string, CohortMember<Row, Meta>>();
  for (const name of ['a', 'b', 'c']) {
    const { cohort, member } = await registry.join(`user-${name}`, { name }, 'tok', null);
    members.set(name, member);
    const patch = cohort.patchRows.bind(cohort);
    cohort.patchRows = (rows, since) => {
      const wrote = patch(rows, since);
      if (wrote) log.push(`early ${name}`);
      return wrote;
    };
  }
  /** The patches a member was sent since it joined: 'o1 changed' for each that brings the new row. */
  const sent = async (name: string) => {
    const member = members.get(name)!;
    const out: string[] = [];
    const stop = new AbortController().signal;
    while (member.queue.pending()) {
      const next = await member.queue.next(stop);
      if (!next || next === 'overflow') continue;
      const message = next.message as Msg;
      if (message.kind === 'patch') out.push(message.upserts[0]?.updated_at === at(5) ? 'o1 changed' : '?');
    }
    return out;
  };
  return { registry, log, sent };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('CohortRegistry.applyChange: the early patches in turns, the re-reads alongside', () => {
  it('writes the first turn before asking any re-read, when the change needs no wait', async () => {
    const { registry, log, sent } = await threeCohorts(new Set(['a', 'b', 'c']));
    const done = registry.applyChange([after], 1000, () => true);
    // One turn fits every cohort (the one joined last is patched first), then the re-reads, in join order.
    expect(log).toEqual(['early c', 'early b', 'early a', 're-read a', 're-read b', 're-read c']);
    await done;
    await settle();
    // Each member got the early patch; the re-read brought the same row, so nothing more.
    for (const name of ['a', 'b', 'c']) expect(await sent(name), name).toEqual(['o1 changed']);
    for (const { cohort } of registry.cohorts.values()) cohort.close();
  });

  it('with a turn too short for one cohort, applies a re-read that landed between turns; that cohort gets one frame', async () => {
    // Only a's re-read answers: it was asked first, as the backend tends to answer first.
    const { registry, log, sent } = await threeCohorts(new Set(['a']));
    // A turn of 0 ms: every cohort written to ends its turn.
    const done = registry.applyChange([after], 1000, () => true, 0);
    // The first turn (c), then the re-reads; the next turns wait for the event loop.
    expect(log).toEqual(['early c', 're-read a', 're-read b', 're-read c']);
    await done;
    await settle();
    // b on the next turn. a's re-read landed before a's turn, so a's early patch found nothing
    // newer: its members got the change once, from the re-read.
    expect(log.slice(4)).toEqual(['early b']);
    for (const name of ['a', 'b', 'c']) expect(await sent(name), name).toEqual(['o1 changed']);
    for (const { cohort } of registry.cohorts.values()) cohort.close();
  });

  it('re-reads only the cohorts `touched` names, and patches only cohorts that list the row', async () => {
    const { registry, log, sent } = await threeCohorts(new Set(['a', 'b', 'c']));
    await registry.applyChange(
      [{ uid: 'elsewhere', updated_at: at(9) }],
      1000,
      (query) => query.name === 'b',
    );
    await settle();
    expect(log).toEqual(['re-read b']);
    for (const name of ['a', 'c']) expect(await sent(name), name).toEqual([]);
    for (const { cohort } of registry.cohorts.values()) cohort.close();
  });

  it('a large change waits for its re-reads: each member gets the change once, from its re-read', async () => {
    // Measured before: one member's early patch takes 15 ms to write, re-reads land in 10 ms. Three
    // members' patches (45 ms) take over twice that, so the change waits (15 ms at most).
    const pace = new ChangePace();
    pace.recordWrite(1, 15);
    pace.recordLanding(10);
    const { registry, log, sent } = await threeCohorts(new Set(['a', 'b', 'c']), pace);
    await registry.applyChange([after], 1000, () => true);
    await settle();
    // Every re-read landed within the wait: no early patch found anything newer to write.
    expect(log).toEqual(['re-read a', 're-read b', 're-read c']);
    for (const name of ['a', 'b', 'c']) expect(await sent(name), name).toEqual(['o1 changed']);
    for (const { cohort } of registry.cohorts.values()) cohort.close();
  });

  it('a large change whose re-reads do not land writes its early patches once the wait is over', async () => {
    const pace = new ChangePace();
    pace.recordWrite(1, 15);
    pace.recordLanding(10);
    // Only a answers; b and c never do (a backend stuck on them).
    const { registry, log, sent } = await threeCohorts(new Set(['a']), pace);
    const started = performance.now();
    await registry.applyChange([after], 1000, () => true);
    // The wait: 1.5 × 10 ms, far below the backend's silence.
    expect(performance.now() - started).toBeLessThan(1000);
    await settle();
    expect(log.slice(3)).toEqual(['early c', 'early b']);
    for (const name of ['a', 'b', 'c']) expect(await sent(name), name).toEqual(['o1 changed']);
    for (const { cohort } of registry.cohorts.values()) cohort.close();
  });

  it('times the re-reads by the cohorts it re-reads only, not by others listing the row', async () => {
    const pace = new ChangePace();
    const landings: number[] = [];
    pace.recordLanding = (ms) => void landings.push(ms);
    // All three list o1; only b is re-read, and its backend does not answer.
    const { registry } = await threeCohorts(new Set(), pace);
    await registry.applyChange([after], 1000, (query) => query.name === 'b');
    await settle();
    // a and c were not re-read: their last refreshes, long done, say nothing of this change's re-reads.
    expect(landings).toEqual([]);
    for (const { cohort } of registry.cohorts.values()) cohort.close();
  });

  it('times a re-read from the change, its first turn included: a change that fits one turn never waits', async () => {
    const pace = new ChangePace();
    const landings: number[] = [];
    const recordLanding = pace.recordLanding.bind(pace);
    pace.recordLanding = (ms) => {
      landings.push(ms);
      recordLanding(ms);
    };
    const { registry, log } = await threeCohorts(new Set(['a', 'b', 'c']), pace);
    // Each early patch takes 15 ms to write, so the first turn takes at least 45 ms (a turn of
    // 100 ms fits all three); the re-reads answer at once.
    for (const { cohort } of registry.cohorts.values()) {
      const patch = cohort.patchRows.bind(cohort);
      cohort.patchRows = (rows, since) => {
        const until = performance.now() + 15;
        while (performance.now() < until);
        return patch(rows, since);
      };
    }
    await registry.applyChange([after], 1000, () => true, 100);
    await settle();
    expect(landings).toHaveLength(1);
    expect(landings[0]).toBeGreaterThanOrEqual(45);
    // The next change, measured alike, writes its first turn before its re-reads again.
    log.length = 0;
    await registry.applyChange([{ uid: 'o1', updated_at: at(7) }], 2000, () => true, 100);
    expect(log.slice(0, 3)).toEqual(['early c', 'early b', 'early a']);
    for (const { cohort } of registry.cohorts.values()) cohort.close();
  });

  it("does not time a re-read already under way, which a change's re-read waits behind", async () => {
    const pace = new ChangePace();
    const landings: number[] = [];
    pace.recordLanding = (ms) => void landings.push(ms);
    // b's first re-read answers when the test says so; any later one never does.
    let answerFirst: (value: ListState<Row, Meta>) => void = () => {};
    let asked = 0;
    const first = new Promise<ListState<Row, Meta>>((resolve) => {
      answerFirst = resolve;
    });
    const { registry } = await threeCohorts(new Set(), pace, (name) =>
      name === 'b' && ++asked === 1 ? first : undefined,
    );
    const onlyB = (query: Query) => query.name === 'b';
    void registry.applyChange([after], 1000, onlyB);
    // A second change while b's first re-read is under way: b's re-read for it runs after that one.
    void registry.applyChange([{ uid: 'o1', updated_at: at(7) }], 2000, onlyB);
    answerFirst(state([after]));
    await settle();
    // Only the first change timed b's first re-read: it is not the second change's.
    expect(landings).toHaveLength(1);
    for (const { cohort } of registry.cohorts.values()) cohort.close();
  });
});
