import {
  applyListMessage,
  type ListMessage,
  type ListState,
  type LiveHealthMessage,
  type Order,
} from '@waybill/contracts';
import { Redis } from 'ioredis';
import { createClient, polledOrders } from '../realtime/harness.js';
import { type Replica, type ReplicaStack, startReplicaStack } from './replicas.js';

/**
 * Poll-leader failover measured on real processes (used by test/scale/failover.test.ts and by
 * `pnpm bench failover`): gateways on one redis-server and one backend-sim, the leader SIGKILLed,
 * changes made around the kill, the time until they reach a subscriber on a surviving replica.
 */
export type FailoverStack = ReplicaStack;

type Meta = Record<string, unknown>;
interface Watched {
  uid: string;
  state: ListState<Order, Meta> | null;
  /** Messages that carried each updated_at of the watched order, with when they arrived. */
  arrivals: Array<{ updatedAt: string; at: number }>;
  errors: unknown[];
  stop(): void;
}

type Subscribable = {
  subscribe(
    input: unknown,
    opts: { onData(d: unknown): void; onError(e: unknown): void },
  ): { unsubscribe(): void };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => T | undefined | false, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** Gateways configured through `env` on top of the production defaults (lease and poll period included). */
export async function startFailoverStack(
  count: number,
  env: Record<string, string> = {},
): Promise<FailoverStack> {
  const names = Array.from({ length: count }, (_, i) => String.fromCharCode(97 + i));
  return startReplicaStack({ names, env });
}

const alive = (r: Replica) => r.child.exitCode === null && r.child.signalCode === null;

/** The live replica holding the lease: the lease key's epoch is the one it logged on taking it. */
export async function currentLeader(stack: FailoverStack, ms = 20_000): Promise<Replica> {
  const redis = new Redis(stack.redis.url);
  try {
    const end = Date.now() + ms;
    for (;;) {
      const value = await redis.get('waybill:poll:lease');
      const epoch = value?.split('|').at(-1);
      const holder = epoch
        ? stack.replicas.filter(alive).find((r) =>
            r
              .output()
              .split('\n')
              .some(
                (line) => line.includes('took the change-poll lease') && line.includes(`"epoch":${epoch}`),
              ),
          )
        : undefined;
      if (holder) return holder;
      if (Date.now() > end) throw new Error('no live replica holds the change-poll lease');
      await sleep(50);
    }
  } finally {
    redis.disconnect();
  }
}

function watch(client: unknown, order: Order): Watched {
  const w: Watched = { uid: order.uid, state: null, arrivals: [], errors: [], stop: () => {} };
  const sub = (client as { orders: { live: Subscribable } }).orders.live.subscribe(
    { filter: { reference: order.reference } },
    {
      onData(d) {
        const { data } = d as { data: ListMessage<Order, Meta> | LiveHealthMessage };
        // A health message (paused while no replica polls, as around the kill) carries no rows.
        if (data.kind === 'health') return;
        const before = w.state?.rows.find((o) => o.uid === order.uid)?.updated_at;
        w.state = applyListMessage(w.state, data);
        const after = w.state?.rows.find((o) => o.uid === order.uid)?.updated_at;
        if (after && after !== before) w.arrivals.push({ updatedAt: after, at: Date.now() });
      },
      onError(e) {
        w.errors.push(e);
      },
    },
  );
  w.stop = () => sub.unsubscribe();
  return w;
}

export interface FailoverRound {
  /** From the SIGKILL to the last of the changes made around it reaching the subscriber. */
  gapMs: number;
  /** The change made right after the kill: kill → arrival. */
  afterKillMs: number;
  /** The change made just before the kill (which the dead leader had not published): kill → arrival. */
  beforeKillMs: number;
  /** Every change of the round: how often the change stream carries it, how often the subscriber saw it. */
  changes: Array<{ uid: string; updatedAt: string; published: number; delivered: number }>;
  killed: string;
  subscriberOn: string;
}

/** How many change events on the stream carry uid@updatedAt. */
async function publishedCount(redisUrl: string, uid: string, updatedAt: string): Promise<number> {
  const redis = new Redis(redisUrl);
  try {
    const entries = (await redis.xrange('waybill:changes', '-', '+')) as Array<[string, string[]]>;
    let count = 0;
    for (const [, fields] of entries) {
      const body = JSON.parse(fields[fields.indexOf('e') + 1] ?? '{}') as { orders?: Order[] };
      count += (body.orders ?? []).filter((o) => o.uid === uid && o.updated_at === updatedAt).length;
    }
    return count;
  } finally {
    redis.disconnect();
  }
}

/**
 * One failover: a change the leader publishes, a change made just before the leader is SIGKILLed
 * (not yet polled), a change right after; all three must reach a subscriber on a surviving replica,
 * each once. `orderOffset` picks fresh orders per round.
 */
export async function failoverRound(stack: FailoverStack, orderOffset: number): Promise<FailoverRound> {
  const leader = await currentLeader(stack);
  const host = stack.replicas.find((r) => alive(r) && r !== leader);
  if (!host) throw new Error('no surviving replica to subscribe on');
  const anonymous = createClient(host.url);
  const { token } = await anonymous.client.auth.passwordLogin.mutate({
    email: 'ops@example.com',
    password: 'waybill-demo',
    bearer: true,
  } as never);
  anonymous.close();
  const { client, close } = createClient(host.url, token as string);
  try {
    const orders = polledOrders((await client.orders.search.query({})).orders).slice(
      orderOffset,
      orderOffset + 3,
    );
    if (orders.length < 3) throw new Error('the sim has too few orders');
    const watched = orders.map((o) => watch(client, o));
    await until('snapshots', () => watched.every((w) => w.state !== null), 15_000);
    const [published, beforeKill, afterKill] = watched as [Watched, Watched, Watched];

    // Published by the leader before it dies (it must not be published again by the next one).
    const reads = () => stack.sim.control.callCounts()['/orders/search/filter'] ?? 0;
    const readsBefore = reads();
    const first = stack.sim.control.changeOrder(published.uid);
    await until(
      'the change published before the kill',
      () => published.arrivals.some((a) => a.updatedAt === first.updated_at),
      15_000,
    );
    // The early patch brings the row before the cohorts' re-reads (every watched cohort may re-read:
    // counts span the filter). Wait until they have all read the backend (no new read for 500 ms), so
    // the changes below reach the subscriber through the poll, not through a re-read that happened to
    // run after they were made.
    let lastReads = -1;
    let quietSince = Date.now();
    await until(
      'the re-reads after the first change',
      () => {
        const now = reads();
        if (now !== lastReads) [lastReads, quietSince] = [now, Date.now()];
        return now > readsBefore && Date.now() - quietSince >= 500;
      },
      15_000,
    );
    // Made just before the kill: the dead leader has not polled it yet.
    const second = stack.sim.control.changeOrder(beforeKill.uid);
    const killedAt = Date.now();
    leader.child.kill('SIGKILL');
    const third = stack.sim.control.changeOrder(afterKill.uid);
    await leader.exited;

    const arrival = (w: Watched, updatedAt: string) =>
      until(
        `${w.uid}@${updatedAt} on ${host.name}`,
        () => w.arrivals.find((a) => a.updatedAt === updatedAt),
        30_000,
      );
    const [b, c] = await Promise.all([
      arrival(beforeKill, second.updated_at),
      arrival(afterKill, third.updated_at),
    ]);
    // A later change on the same subscription: whatever was published before it (a duplicate
    // included) has reached the stream and the subscriber once it arrives.
    const later = stack.sim.control.changeOrder(published.uid);
    await arrival(published, later.updated_at);

    const made = [
      [published, first.updated_at],
      [beforeKill, second.updated_at],
      [afterKill, third.updated_at],
    ] as const;
    const changes = await Promise.all(
      made.map(async ([w, updatedAt]) => ({
        uid: w.uid,
        updatedAt,
        published: await publishedCount(stack.redis.url, w.uid, updatedAt),
        delivered: w.arrivals.filter((a) => a.updatedAt === updatedAt).length,
      })),
    );
    for (const w of watched) {
      if (w.errors.length > 0) throw new Error(`subscription error: ${String(w.errors[0])}`);
      w.stop();
    }
    return {
      gapMs: Math.max(b.at, c.at) - killedAt,
      afterKillMs: c.at - killedAt,
      beforeKillMs: b.at - killedAt,
      changes,
      killed: leader.name,
      subscriberOn: host.name,
    };
  } finally {
    close();
  }
}
