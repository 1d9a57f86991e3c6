import {
  applyListMessage,
  type ListMessage,
  type ListState,
  type LiveHealthMessage,
  type Order,
} from '@waybill/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, eventually, polledOrders, type RunningSim } from '../realtime/harness.js';
import type { RedisServer } from './redis-server.js';
import { okPolls, type Replica, type ReplicaStack, STACK_START_MS, startReplicaStack } from './replicas.js';
import { publishedCount } from './watch-order.js';

type Meta = Record<string, unknown>;
type Msg = ListMessage<Order, Meta>;
interface Followed {
  ids: string[];
  messages: Msg[];
  state: ListState<Order, Meta> | null;
  errors: unknown[];
  stop(): void;
}

type Subscribable = {
  subscribe(
    input: unknown,
    opts: { onData(d: unknown): void; onError(e: unknown): void },
  ): {
    unsubscribe(): void;
  };
};

function follow(on: unknown, input: unknown, from: ListState<Order, Meta> | null = null): Followed {
  const f: Followed = { ids: [], messages: [], state: from, errors: [], stop: () => {} };
  const sub = (on as Subscribable).subscribe(input, {
    onData(d) {
      const { id, data } = d as { id: string; data: Msg | LiveHealthMessage };
      f.ids.push(id);
      // A health message (paused while the poll falls behind, as in a hand-over) carries no rows.
      if (data.kind === 'health') return;
      f.messages.push(data);
      f.state = applyListMessage(f.state, data);
    },
    onError(e) {
      f.errors.push(e);
    },
  });
  f.stop = () => sub.unsubscribe();
  return f;
}

const LEASE_MS = 2000;
const POLL_MS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, probe: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('three gateway replicas on one Redis and one backend', { timeout: 30_000 }, () => {
  let stack: ReplicaStack;
  let redis: RedisServer;
  let sim: RunningSim;
  let replicas: Replica[] = [];
  const closers: Array<() => void> = [];
  const client = (replica: Replica, token?: string) => {
    const made = createClient(replica.url, token);
    closers.push(made.close);
    return made.client;
  };
  const signIn = async (replica: Replica) => {
    const { token } = await client(replica).auth.passwordLogin.mutate({
      email: 'ops@example.com',
      password: 'waybill-demo',
      bearer: true,
    });
    return { token: token!, client: client(replica, token) };
  };
  /** Ok-poll deltas per replica over the time it takes `among` to make `polls` more ok polls together. */
  const pollsOver = async (polls: number, among = replicas) => {
    const before = await Promise.all(among.map(okPolls));
    const changesBefore = sim.control.callCounts()['/changes'] ?? 0;
    let after = before;
    await until(
      `${polls} more ok polls`,
      async () => {
        after = await Promise.all(among.map(okPolls));
        return after.reduce((sum, n, i) => sum + n - before[i]!, 0) >= polls;
      },
      20_000,
    );
    return {
      perReplica: after.map((n, i) => n - before[i]!),
      changes: (sim.control.callCounts()['/changes'] ?? 0) - changesBefore,
    };
  };
  const leader = async (among = replicas) => {
    const { perReplica } = await pollsOver(4, among);
    const leaders = among.filter((_, i) => perReplica[i]! > 0);
    expect(leaders.length, `pollers: ${perReplica.join(',')}`).toBe(1);
    return leaders[0]!;
  };

  beforeAll(async () => {
    stack = await startReplicaStack({
      names: ['a', 'b', 'c'],
      env: { CHANGE_POLL_MS: String(POLL_MS), POLL_LEASE_MS: String(LEASE_MS), EXPORT_CHECK_MS: '100' },
    });
    ({ redis, sim, replicas } = stack);
  }, STACK_START_MS);

  afterAll(async () => {
    for (const close of closers) close();
    await stack?.close();
  });

  it('exactly one replica polls /changes at a time', async () => {
    // Past the start (a first leader may wait out a cursor recovery round before its first poll).
    await until(
      'a replica polling',
      async () => (await Promise.all(replicas.map(okPolls))).some((n) => n > 0),
      20_000,
    );
    const { perReplica, changes } = await pollsOver(10);
    expect(
      perReplica.filter((n) => n > 0),
      `ok polls per replica: ${perReplica.join(',')}`,
    ).toHaveLength(1);
    // Every /changes call the backend saw came from that one poller (give or take one at the edges).
    const polls = perReplica.reduce((a, b) => a + b, 0);
    expect(Math.abs(changes - polls)).toBeLessThanOrEqual(1);
    for (const replica of replicas) {
      const ready = await fetch(`${replica.url}/readyz`);
      expect(ready.status, `${replica.name} /readyz`).toBe(200);
    }
  });

  it('a subscriber on a follower receives changes the leader polled', async () => {
    const polling = await leader();
    const follower = replicas.find((r) => r !== polling)!;
    const { client: c } = await signIn(follower);
    const target = polledOrders((await c.orders.search.query({})).orders)[0]!;
    const sub = follow(c.orders.live, { filter: { reference: target.reference } });
    await eventually('snapshot', () => sub.state);
    const changed = sim.control.changeOrder(target.uid);
    await eventually(
      'the change on the follower',
      () => sub.state?.rows.some((o) => o.uid === target.uid && o.updated_at === changed.updated_at),
      8000,
    );
    expect(sub.errors).toEqual([]);
    sub.stop();
  });

  it('a client moving to another replica with lastEventId loses and duplicates nothing', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const { token, client: onA } = await signIn(a);
    const input = { filter: {}, window: { skip: 0, limit: 20 } };
    const first = follow(onA.orders.live, input);
    await eventually('snapshot on A', () => first.state);
    const lastId = first.ids.at(-1)!;
    first.stop();
    // Changes made while the client is between replicas.
    const rows = polledOrders(first.state!.rows);
    const changed = [sim.control.changeOrder(rows[0]!.uid), sim.control.changeOrder(rows[1]!.uid)];
    const stream = redis.connect();
    await until(
      'the leader publishing both changes',
      async () => {
        for (const c of changed) if ((await publishedCount(stream, c.uid, c.updated_at)) === 0) return false;
        return true;
      },
      10_000,
    );
    const onB = client(b, token);
    const resumed = follow(onB.orders.live, { ...input, lastEventId: lastId }, first.state);
    await eventually('resumed on B', () => resumed.messages.length >= 1);
    // B never saw A's cohort, so it resynchronises with a snapshot (never a replay of unknown ids).
    expect(resumed.messages[0]!.kind).toBe('snapshot');
    expect(resumed.ids).not.toContain(lastId);
    const uids = () => resumed.state!.rows.map((o) => o.uid);
    expect(new Set(uids()).size).toBe(uids().length);
    // What the client now holds is exactly what a fresh subscriber sees, changes included.
    const view = (st: ListState<Order, Meta> | null) =>
      (st?.rows ?? []).map((o) => `${o.uid}@${o.updated_at}`);
    const fresh = follow(client(b, token).orders.live, input);
    await eventually('fresh snapshot', () => fresh.state);
    await eventually(
      'same rows as a fresh subscriber',
      () => view(resumed.state).join() === view(fresh.state).join(),
    );
    for (const c of changed) {
      const row = fresh.state!.rows.find((o) => o.uid === c.uid);
      if (row) expect(row.updated_at).toBe(c.updated_at);
    }
    // And it keeps following later changes as patches, without repeating any message.
    const patchesBefore = resumed.messages.length;
    sim.control.changeOrder(polledOrders(resumed.state!.rows)[2]!.uid);
    await eventually('a patch for the later change', () => resumed.messages.length > patchesBefore, 8000);
    expect(resumed.messages.slice(patchesBefore).every((m) => m.kind === 'patch')).toBe(true);
    await eventually(
      'the fresh subscriber agrees',
      () => view(resumed.state).join() === view(fresh.state).join(),
    );
    expect(new Set(resumed.ids).size).toBe(resumed.ids.length);
    expect(new Set(uids()).size).toBe(uids().length);
    resumed.stop();
    fresh.stop();
  });

  it('an export started through one replica reports progress and downloads through another', async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const { token, client: onA } = await signIn(a);
    const inbound = (await onA.inbounds.search.query({})).inventory_receipts[0]!;
    const startsBefore = sim.control.callCounts()['/inventory_receipts/reports/export'] ?? 0;
    const job = await onA.inbounds.export.start.mutate({ uid: inbound.uid });
    // Another replica joins the running job instead of starting a second export.
    const joined = await client(c, token).inbounds.export.start.mutate({ uid: inbound.uid });
    expect(joined.jobId).toBe(job.jobId);
    expect((sim.control.callCounts()['/inventory_receipts/reports/export'] ?? 0) - startsBefore).toBe(1);

    const seen: Array<{ status: string; progress: number; downloadPath: string | null }> = [];
    const onB = client(b, token);
    const sub = onB.inbounds.export.progress.subscribe(
      { jobId: job.jobId },
      {
        onData: (d) => seen.push((d as { data: (typeof seen)[number] }).data),
        onError: (e) => seen.push({ status: `error ${String(e)}`, progress: -1, downloadPath: null }),
      },
    );
    await eventually('B reports the job done', () => seen.at(-1)?.status === 'done', 15_000);
    sub.unsubscribe();
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(seen.at(-1)?.progress).toBe(100);
    const download = await fetch(`${b.url}${seen.at(-1)!.downloadPath}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // A replica that neither started nor checked the job lists it for the user, as done.
    const listed = await onB.inbounds.export.list.query();
    expect(listed.jobs.find((j) => j.jobId === job.jobId)?.status).toBe('done');
  });

  it('killing the leader hands the lease to another replica within TTL + 5 s', async () => {
    const dead = await leader();
    const survivors = replicas.filter((r) => r !== dead);
    const { client: onSurvivor } = await signIn(survivors[0]!);
    const target = polledOrders((await onSurvivor.orders.search.query({})).orders)[3]!;
    const sub = follow(onSurvivor.orders.live, { filter: { reference: target.reference } });
    await eventually('snapshot', () => sub.state);

    dead.child.kill('SIGKILL');
    await dead.exited;
    const killedAt = Date.now();
    // A change made while nobody polls is still found: the new leader continues the shared window.
    const changed = sim.control.changeOrder(target.uid);
    const before = await Promise.all(survivors.map(okPolls));
    await until(
      'a surviving replica polling',
      async () => {
        const now = await Promise.all(survivors.map(okPolls));
        return now.some((n, i) => n > before[i]!);
      },
      LEASE_MS + 5000,
    );
    expect(Date.now() - killedAt).toBeLessThanOrEqual(LEASE_MS + 5000);
    await leader(survivors);
    await eventually(
      'the change made during the hand-over',
      () => sub.state?.rows.some((o) => o.uid === target.uid && o.updated_at === changed.updated_at),
      8000,
    );
    sub.stop();
    // The lease key names the new holder.
    const probe = new Redis(redis.url);
    const holder = await probe.get('waybill:poll:lease');
    probe.disconnect();
    expect(holder).toMatch(/\|\d+$/);
  });
});
