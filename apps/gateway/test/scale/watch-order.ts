import {
  applyListMessage,
  type ListMessage,
  type ListState,
  type LiveHealthMessage,
  type Order,
} from '@waybill/contracts';
import type { Redis } from 'ioredis';
import { metricsText } from '../helpers.js';
import { createClient } from '../realtime/harness.js';
import type { Replica } from './replicas.js';

/**
 * What the Redis-resilience tests watch on real gateway processes: one order's live list on one
 * replica (its versions as they arrive, and the list's paused/resumed messages), the poll counters,
 * and the change stream.
 */

type Meta = Record<string, unknown>;

export interface WatchedOrder {
  uid: string;
  state: ListState<Order, Meta> | null;
  /** Each updated_at of the order as it reached the subscriber. */
  arrivals: string[];
  /** `paused` of each health message, in order. */
  health: boolean[];
  errors: unknown[];
  stop(): void;
}

type Subscribable = {
  subscribe(
    input: unknown,
    opts: { onData(d: unknown): void; onError(e: unknown): void },
  ): { unsubscribe(): void };
};

/** Resolves once `probe` holds (asked every 50 ms); fails after `ms` naming `what`. */
export async function until(
  what: string,
  probe: () => boolean | Promise<boolean>,
  ms = 30_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A backend token straight from the backend: a bearer the gateway checks with the backend only, so
 * a subscriber holding it stays signed in whatever Redis loses.
 */
export async function backendToken(simUrl: string): Promise<string> {
  const answer = await fetch(`${simUrl}/login/username_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo' }),
  });
  const body = (await answer.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`no token from the backend: ${answer.status}`);
  return body.data.access_token;
}

/** The live orders list on `replica`, filtered down to `order`. */
export function watchOrder(replica: Replica, token: string, order: Order): WatchedOrder {
  const { client, close } = createClient(replica.url, token);
  const w: WatchedOrder = { uid: order.uid, state: null, arrivals: [], health: [], errors: [], stop: close };
  const sub = (client as unknown as { orders: { live: Subscribable } }).orders.live.subscribe(
    { filter: { reference: order.reference } },
    {
      onData(d) {
        const { data } = d as { data: ListMessage<Order, Meta> | LiveHealthMessage };
        if (data.kind === 'health') {
          w.health.push(data.paused);
          return;
        }
        const before = w.state?.rows.find((o) => o.uid === order.uid)?.updated_at;
        w.state = applyListMessage(w.state, data);
        const after = w.state?.rows.find((o) => o.uid === order.uid)?.updated_at;
        if (after && after !== before) w.arrivals.push(after);
      },
      onError(e) {
        w.errors.push(e);
      },
    },
  );
  w.stop = () => {
    sub.unsubscribe();
    close();
  };
  return w;
}

/** Change polls a replica made with this outcome (Prometheus counter). */
export async function polls(replica: Replica, outcome: 'ok' | 'error'): Promise<number> {
  const line = (await metricsText(replica.url))
    .split('\n')
    .find((l) => l.startsWith('waybill_change_polls_total{') && l.includes(`outcome="${outcome}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

export async function totalPolls(replicas: Replica[], outcome: 'ok' | 'error'): Promise<number> {
  let total = 0;
  for (const replica of replicas) total += await polls(replica, outcome);
  return total;
}

/** How many events on the change stream carry uid@updatedAt. */
export async function publishedCount(redis: Redis, uid: string, updatedAt: string): Promise<number> {
  const entries = (await redis.xrange('waybill:changes', '-', '+')) as Array<[string, string[]]>;
  let count = 0;
  for (const [, fields] of entries) {
    const body = JSON.parse(fields[fields.indexOf('e') + 1] ?? '{}') as { orders?: Order[] };
    count += (body.orders ?? []).filter((o) => o.uid === uid && o.updated_at === updatedAt).length;
  }
  return count;
}
