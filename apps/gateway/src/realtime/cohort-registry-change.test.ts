import type { ListMessage, ListState } from '@waybill/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ALL_PARTS, type CohortMember } from './cohort.js';
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
async function threeCohorts(answering: Set<string>) {
  const log: string[] = [];
  const registry = new CohortRegistry<Row, Meta, Query>({
    kind: 'orders',
    fetch: (query) => (_token, _signal, initial) => {
      if (initial) return Promise.resolve(state([before]));
      log.push(`re-read ${query.name}`);
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

/** Waits until every re-read asked for has been answered and applied. */
const applied = (registry: CohortRegistry<Row, Meta, Query>) =>
  vi.waitFor(() => {
    for (const { cohort } of registry.cohorts.values())
      if (cohort.refreshUnderWay()) throw new Error(`${cohort.key}: re-read under way`);
  });

describe('CohortRegistry.applyChange: the early patch, then the re-reads', () => {
  it('patches every cohort listing the row before asking any re-read', async () => {
    const { registry, log, sent } = await threeCohorts(new Set(['a', 'b', 'c']));
    registry.applyChange([after], 1000, () => ALL_PARTS);
    expect(log).toEqual(['early a', 'early b', 'early c', 're-read a', 're-read b', 're-read c']);
    await applied(registry);
    // Each member got the early patch; the re-read brought the same row, so nothing more.
    for (const name of ['a', 'b', 'c']) expect(await sent(name), name).toEqual(['o1 changed']);
    registry.close();
  });

  it('re-reads only the cohorts `touched` names, and patches only cohorts that list the row', async () => {
    const { registry, log, sent } = await threeCohorts(new Set(['a', 'b', 'c']));
    registry.applyChange([{ uid: 'elsewhere', updated_at: at(9) }], 1000, (query) =>
      query.name === 'b' ? ALL_PARTS : null,
    );
    expect(log).toEqual(['re-read b']);
    await applied(registry);
    for (const name of ['a', 'c']) expect(await sent(name), name).toEqual([]);
    registry.close();
  });

  it('an older row never replaces a newer one: a re-read behind the early patch keeps the patched row', async () => {
    // Nobody answers the re-reads: the early patch is all that reaches the members.
    const { registry, log, sent } = await threeCohorts(new Set());
    registry.applyChange([after], 1000, () => ALL_PARTS);
    registry.applyChange([before], 2000, () => null);
    expect(log.filter((line) => line.startsWith('early'))).toEqual(['early a', 'early b', 'early c']);
    for (const name of ['a', 'b', 'c']) expect(await sent(name), name).toEqual(['o1 changed']);
    registry.close();
  });
});
