/**
 * `pnpm bench own-change`: `own_change_visible_ms`, the time from a mutation's answer (a comment
 * added through the gateway by one session) to the changed row arriving at subscribers of other
 * sessions, at 1,000 subscribers: on one gateway, and across two gateways on one Redis (the write
 * through one, every subscriber on the other). Bar p95 <= 300 ms. The change poll keeps its
 * production period: the fast path, not the poll, is what brings the row this soon. The row comes
 * with the write's event and patches the cohorts listing it before their refetch (Cohort.patchRows).
 */
import { type RedisServer, startRedis } from '../test/scale/redis-server.js';
import { metricsText, type RunningProcess, type SimProcess, startGatewayProcess } from './processes.js';
import { figure, percentile } from './stats.js';
import { type Subscriber, subscribe } from './trpc-ws.js';

const SUBSCRIBERS = 1000;
const ROUNDS = 10;
const BAR_P95_MS = 300;
const POLL_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'waybill-demo', bearer: true }),
  });
  const body = (await res.json()) as { result?: { data: { token: string } }; error?: unknown };
  if (!body.result) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body.error)}`);
  return body.result.data.token;
}

async function call<T>(
  url: string,
  token: string,
  path: string,
  input: unknown,
  mutation = false,
): Promise<T> {
  const res = mutation
    ? await fetch(`${url}/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(input),
      })
    : await fetch(`${url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        headers: { authorization: `Bearer ${token}` },
      });
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${path} failed: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

type Row = { uid: string; updated_at: string };

/** A Prometheus metric summed over all its label sets. */
async function metricSum(url: string, name: string): Promise<number> {
  const text = await metricsText(url);
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/** Opens `n` orders.live subscribers over `tokens` (sessions other than the writer's). */
async function openSubscribers(url: string, tokens: string[], n: number): Promise<Subscriber[]> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/trpc`;
  const subs: Subscriber[] = [];
  for (let i = 0; i < n; i += 200) {
    const batch = Array.from({ length: Math.min(200, n - i) }, (_, j) =>
      subscribe(wsUrl, { authorization: `Bearer ${tokens[(i + j) % tokens.length]}` }, 'orders.live', {}),
    );
    subs.push(...(await Promise.all(batch)));
  }
  return subs;
}

/** Rounds of one comment each; per subscriber, when the row at the write's updated_at arrived. */
async function measure(writerUrl: string, writer: string, subs: Subscriber[], orders: string[]) {
  const seen = new Map<Subscriber, Map<string, number>>();
  for (const s of subs) {
    const mine = new Map<string, number>();
    seen.set(s, mine);
    s.onData((data) => {
      const msg = data as { kind: string; upserts?: Row[] };
      if (msg.kind !== 'patch') return;
      const now = Date.now();
      for (const row of msg.upserts ?? []) {
        const key = `${row.uid}@${row.updated_at}`;
        if (!mine.has(key)) mine.set(key, now);
      }
    });
  }
  const fromAnswer: number[] = [];
  const fromRequest: number[] = [];
  let missing = 0;
  let beforeAnswer = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const uid = orders[r % orders.length]!;
    const sentAt = Date.now();
    const answer = await call<{ order: Row }>(
      writerUrl,
      writer,
      'orders.comments.add',
      { orderUid: uid, text: `bench own change ${r}` },
      true,
    );
    const answeredAt = Date.now();
    const key = `${uid}@${answer.order.updated_at}`;
    const deadline = Date.now() + 3000;
    const arrived = () => subs.filter((s) => seen.get(s)!.has(key)).length;
    while (arrived() < subs.length && Date.now() < deadline) await sleep(10);
    for (const s of subs) {
      const at = seen.get(s)!.get(key);
      if (at === undefined) {
        missing += 1;
        continue;
      }
      // The gateway publishes before it answers: a row may arrive before the answer (counted as 0).
      if (at < answeredAt) beforeAnswer += 1;
      fromAnswer.push(Math.max(0, at - answeredAt));
      fromRequest.push(at - sentAt);
    }
    // The statistics stage of the refresh follows the rows: let it finish before the next write.
    await sleep(1500);
  }
  return { fromAnswer, fromRequest, missing, beforeAnswer };
}

async function visibleOrders(url: string, token: string): Promise<string[]> {
  const { orders } = await call<{ orders: Row[] }>(url, token, 'orders.search', {});
  return orders.map((o) => o.uid);
}

interface Extra {
  /** The reader gateway's own mean: from the write's answer at the gateway to its cohorts handing the patch over. */
  gatewayPushMeanMs: number;
  /** Mean backend call time at the reader gateway over the rounds (its cohorts' refetches). */
  backendCallMeanMs: number;
}

function report(
  setup: string,
  replicas: number,
  result: Awaited<ReturnType<typeof measure>>,
  extra: Extra,
): void {
  figure('own_change_visible_ms', percentile(result.fromAnswer, 95), 'ms', {
    setup,
    replicas,
    subscribers: SUBSCRIBERS,
    p50: percentile(result.fromAnswer, 50),
    p95: percentile(result.fromAnswer, 95),
    p99: percentile(result.fromAnswer, 99),
    from_request_p95: percentile(result.fromRequest, 95),
    samples: result.fromAnswer.length,
    missing: result.missing,
    // Share of subscribers that had the row before the writer had its answer (an early patch on the
    // writer's own gateway lands before the mutation answers).
    before_answer_pct: Math.round((100 * result.beforeAnswer) / Math.max(1, result.fromAnswer.length)),
    gateway_push_mean_ms: Math.round(extra.gatewayPushMeanMs),
    backend_call_mean_ms: Math.round(extra.backendCallMeanMs),
    poll_ms: POLL_MS,
    bar_p95: BAR_P95_MS,
  });
}

async function run(setup: string, writerGw: RunningProcess, readerGw: RunningProcess, sim: SimProcess) {
  const emails = sim.users.slice(0, 10).map((u) => u.email);
  // The writer's own session; every subscriber holds another one.
  const writer = await signIn(writerGw.url, emails[0]!);
  const readers = await Promise.all(emails.map((e) => signIn(readerGw.url, e)));
  const orders = await visibleOrders(readerGw.url, readers[0]!);
  const subs = await openSubscribers(readerGw.url, readers, SUBSCRIBERS);
  try {
    await sleep(1000);
    const sums = () =>
      Promise.all(
        [
          'waybill_push_latency_seconds_sum',
          'waybill_push_latency_seconds_count',
          'waybill_backend_call_duration_seconds_sum',
          'waybill_backend_call_duration_seconds_count',
        ].map((name) => metricSum(readerGw.url, name)),
      );
    const before = await sums();
    const result = await measure(writerGw.url, writer, subs, orders);
    const [push, pushes, backend, calls] = (await sums()).map((v, i) => v - before[i]!) as [
      number,
      number,
      number,
      number,
    ];
    report(setup, writerGw === readerGw ? 1 : 2, result, {
      gatewayPushMeanMs: (push / pushes) * 1000,
      backendCallMeanMs: (backend / calls) * 1000,
    });
  } finally {
    for (const s of subs) s.close();
    await sleep(500);
  }
}

export async function ownChangeVisible(sim: SimProcess): Promise<void> {
  const env = { BACKEND_URL: sim.url, CHANGE_POLL_MS: String(POLL_MS), WS_MAX_PER_USER: '100000' };
  const single = await startGatewayProcess(env);
  try {
    await run('one gateway', single, single, sim);
  } finally {
    await single.stop();
  }
  let redis: RedisServer | null = null;
  const gateways: RunningProcess[] = [];
  try {
    redis = await startRedis();
    for (let i = 0; i < 2; i++) gateways.push(await startGatewayProcess({ ...env, REDIS_URL: redis.url }));
    await run('two gateways on Redis', gateways[0]!, gateways[1]!, sim);
  } finally {
    await Promise.all(gateways.map((g) => g.stop()));
    await redis?.stop();
  }
}
