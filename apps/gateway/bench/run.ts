/**
 * `pnpm bench [step…]`: starts backend-sim and the gateway, each in its own process as ops run
 * them, and prints one JSON line per figure (steps, figures and bars in docs/performance.md). Steps:
 * changes, detail, cohorts, latency (with the bare `ws` floor beside), contended, floor (bare tRPC),
 * memory, alloc, overhead, soak, abuse, web, own-change, failover, backend (the gateway's load on the
 * backend and a backend change's way to the screen). Each step is bounded in time and count.
 * `lighthouse` (Lighthouse scores of the signed-in console) runs only when named.
 */
import { availableParallelism } from 'node:os';
import { Pool } from 'undici';
import { allocationPerCall } from './allocation.js';
import { cycleBackendFloor } from './backend-floor.js';
import { validationSpacing } from './cold-code.js';
import { CpuSampler, cpuBetween } from './cpu-time.js';
import { inspectorSession } from './inspector.js';
import { startOtlpSink } from './otlp-sink.js';
import { CPU_PATH, overheadSideBySide } from './overhead.js';
import {
  busyNeighbour,
  freePort,
  metricsText,
  metricValue,
  type RunningProcess,
  type SimProcess,
  startGatewayProcess,
  startSimProcess,
} from './processes.js';
import { figure, percentile, round } from './stats.js';
import { type Subscriber, subscribe } from './trpc-ws.js';
import { webInitialJs } from './web-size.js';
import { broadcastFloor, type Floor, type FloorFrame, withProxyFloor } from './ws-floor.js';

const DEMO_PASSWORD = 'waybill-demo';
const POLL_MS = 5000;
/** The CPU the gateway and its busy neighbour share in the contended run. */
const CONTENDED_CPU = '1';
const only = new Set(process.argv.slice(2));
const wants = (name: string) => only.size === 0 || only.has(name);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, bearer: true }),
  });
  const body = (await res.json()) as { result?: { data: { token: string } }; error?: unknown };
  if (!body.result) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body.error)}`);
  return body.result.data.token;
}

/** A backend token straight from the backend, for the direct half of the overhead comparison. */
async function backendSignIn(backendUrl: string, email: string): Promise<string> {
  const res = await fetch(`${backendUrl}/login/username_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { access_token: string } };
  if (!body.data) throw new Error(`backend sign-in of ${email} failed: ${res.status}`);
  return body.data.access_token;
}

async function openSubscribers(url: string, tokens: string[], n: number): Promise<Subscriber[]> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/trpc`;
  const subs: Subscriber[] = [];
  const BATCH = 200;
  for (let i = 0; i < n; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - i) }, (_, j) =>
      subscribe(wsUrl, { cookie: `mgmt_auth_token=${tokens[(i + j) % tokens.length]}` }, 'orders.live', {}),
    );
    subs.push(...(await Promise.all(batch)));
  }
  // Every tab holds its snapshot before anything is measured, so no round waits behind snapshot bytes
  // still on their way (the floors' sockets are idle when they start too).
  await Promise.all(subs.map((s) => s.firstData));
  return subs;
}

function closeAll(subs: Subscriber[]) {
  for (const s of subs) s.close();
}

/**
 * Thousands of tabs over ten users: the per-user socket cap and the per-session live rows are lifted
 * for the benchmark only.
 */
const gatewayEnv = (sim: SimProcess) => ({
  BACKEND_URL: sim.url,
  CHANGE_POLL_MS: String(POLL_MS),
  WS_MAX_PER_USER: '100000',
  SESSION_MAX_LIVE_ROWS: '10000000',
});

async function withGateway<T>(
  sim: SimProcess,
  nodeArgs: string[],
  run: (gateway: RunningProcess, tokens: string[]) => Promise<T>,
  cpu: string | null = null,
  env: Record<string, string> = {},
): Promise<T> {
  const gateway = await startGatewayProcess({ ...gatewayEnv(sim), ...env }, nodeArgs, cpu);
  try {
    const tokens = await Promise.all(sim.users.slice(0, 10).map((u) => signIn(gateway.url, u.email)));
    return await run(gateway, tokens);
  } finally {
    await gateway.stop();
  }
}

/** The gateway's orders.detail of one order, as a GET path (what the console's batch of one calls). */
const orderDetailCall = (uid: string) =>
  `/trpc/orders.detail?input=${encodeURIComponent(JSON.stringify({ uid }))}`;

/**
 * For the steps that call from one session at 200 a second: the per-session backend budget
 * (BACKEND_SESSION_CONCURRENCY, 2) would queue them, which measures that fairness cap, not the gateway.
 */
const ONE_BUSY_SESSION = { BACKEND_SESSION_CONCURRENCY: '64' };

async function visibleOrders(gatewayUrl: string, token: string): Promise<string[]> {
  const res = await fetch(`${gatewayUrl}/trpc/orders.search?input=${encodeURIComponent('{}')}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = (await res.json()) as { result: { data: { orders: { uid: string }[] } } };
  return answer.result.data.orders.map((o) => o.uid);
}

async function changesPerInterval(sim: SimProcess, gateway: RunningProcess, tokens: string[]) {
  for (const subscribers of [1, 100, 5000]) {
    const subs = await openSubscribers(gateway.url, tokens, subscribers);
    await sleep(500);
    const before = (await sim.callCounts())['/changes'] ?? 0;
    await sleep(3 * POLL_MS);
    const perInterval = (((await sim.callCounts())['/changes'] ?? 0) - before) / 3;
    figure('changes_calls_per_5s', perInterval, 'calls', { subscribers, bar: 1 });
    closeAll(subs);
    await sleep(300);
  }
}

/**
 * The bench's main thread, where every receiving socket's frames are read and parsed: one thread,
 * so its CPU time per change is a floor for the change's last frame.
 */
const RECEIVING_THREAD = 'receiving_thread';

/** Timed changes at a size; the floor beside times as many rounds. */
const pushRounds = (subscribers: number) => (subscribers >= 10_000 ? 3 : 5);

/** A floor to judge a push figure by: measured once the timed frame's size is known. */
interface FloorSpec {
  ratio: number;
  name: string;
  measure: (frame: FloorFrame, rounds: number) => Promise<Floor>;
}

/**
 * Each round changes one visible order through the sim and times, per subscriber, the first patch
 * carrying the poll's timestamp (the changed row) and the last one (the statistics that follow).
 */
async function pushLatency(
  sim: SimProcess,
  gateway: RunningProcess,
  tokens: string[],
  subscribers: number,
  reportSearches: boolean,
  /**
   * The bare `ws` broadcast beside (same run, same conditions): to the same number of sockets, of a
   * frame the size of the one timed here, so it is measured once that size is known.
   */
  floorSpec: FloorSpec | null = null,
) {
  const visible = await visibleOrders(gateway.url, tokens[0]!);
  const subs = await openSubscribers(gateway.url, tokens, subscribers);
  const first: number[] = [];
  const complete: number[] = [];
  const bytes: number[] = [];
  // The size of each timed frame (a subscriber's first patch of the change), for the floor, and
  // one such frame of each size, so the floor can send the very bytes.
  const firstBytes: number[] = [];
  const firstFrames = new Map<number, string>();
  const rounds = pushRounds(subscribers);
  let resyncs = 0;
  // The statistics figures (and the CPU they are read against) come with the plain run's floor only.
  const withStatistics = !floorSpec || floorSpec.name === 'push_latency_ms';
  // Each process's CPU time per timed change, from the poll to the last frame received.
  const cpu = new Map<string, number>();
  const pushSum = () => metricValue(gateway.url, 'waybill_push_latency_seconds_sum');
  const pushCount = () => metricValue(gateway.url, 'waybill_push_latency_seconds_count');
  const pushWrites = () => metricValue(gateway.url, 'waybill_push_writes_total');
  const pushWriteSeconds = () => metricValue(gateway.url, 'waybill_push_write_seconds_total');
  // One change of `uid` per round; `warmUp` is untimed (its p95 printed beside), as each floor's first round.
  const change = async (uid: string, warmUp: boolean) => {
    const firstOf = new Map<Subscriber, number>();
    const lastOf = new Map<Subscriber, number>();
    let polledAt: number | null = null;
    for (const s of subs) {
      s.onData((data, _id, size, text) => {
        const msg = data as { kind: string; polledAt?: number };
        // A socket that fell behind gets the latest state as a snapshot instead of the patches.
        if (msg.kind === 'snapshot' && !warmUp) resyncs += 1;
        if (msg.kind !== 'patch' || msg.polledAt === undefined) return;
        polledAt = msg.polledAt;
        const latency = Date.now() - msg.polledAt;
        if (!firstOf.has(s)) {
          firstOf.set(s, latency);
          if (warmUp) return;
          firstBytes.push(size);
          if (!firstFrames.has(size)) firstFrames.set(size, text);
        }
        lastOf.set(s, latency);
        if (s === subs[0] && !warmUp) bytes.push(size);
      });
    }
    await sim.resetCallCounts();
    // Read only where `change_cpu_ms` is printed: /proc reads in a warm-up or a contended run cost for nothing.
    const sampler =
      withStatistics && !warmUp
        ? new CpuSampler({
            sim: sim.child.pid!,
            gateway: gateway.child.pid!,
            receivers: 'self',
            [RECEIVING_THREAD]: { pid: 'self', mainThreadOnly: true },
          })
        : null;
    sampler?.start();
    await sim.changeOrder(uid);
    const deadline = Date.now() + POLL_MS * 3;
    while (firstOf.size < subscribers && Date.now() < deadline) await sleep(20);
    // The statistics stage follows the rows; give it time to arrive everywhere.
    await sleep(1500);
    const samples = sampler?.stop();
    if (samples && polledAt !== null && lastOf.size > 0) {
      const spent = cpuBetween(samples, polledAt, polledAt + percentile([...lastOf.values()], 100));
      for (const [name, ms] of Object.entries(spent)) cpu.set(name, (cpu.get(name) ?? 0) + ms);
    }
    if (firstOf.size < subscribers)
      console.error(`change of ${uid}: only ${firstOf.size}/${subscribers} got it`);
    return { first: [...firstOf.values()], complete: [...lastOf.values()] };
  };
  const warmUpP95 = percentile((await change(visible.at(-1)!, true)).first, 95);
  const roundP95: number[] = [];
  const [sum0, count0] = [await pushSum(), await pushCount()];
  const [writes0, writeSeconds0] = [await pushWrites(), await pushWriteSeconds()];
  for (let r = 0; r < rounds; r++) {
    const got = await change(visible[r % visible.length]!, false);
    roundP95.push(percentile(got.first, 95));
    first.push(...got.first);
    complete.push(...got.complete);
    if (r === 0 && reportSearches) {
      const counts = await sim.callCounts();
      figure('searches_per_change_cycle', counts['/orders/search/filter'] ?? 0, 'searches', {
        tabs: subscribers,
        users: tokens.length,
        statistics_fanouts: counts['/orders/search/count'] ?? 0,
        bar: tokens.length,
      });
    }
  }
  // The gateway's own view: from the poll's answer to the cohort handing the patch to its members.
  const gatewayMean = (((await pushSum()) - sum0) / ((await pushCount()) - count0)) * 1000;
  // What writing the pushes to the sockets cost the gateway, and how many frames a change brings
  // each subscriber (the early patch, the rows, the statistics).
  const writes = (await pushWrites()) - writes0;
  const writeUsPerSocket = writes > 0 ? (((await pushWriteSeconds()) - writeSeconds0) * 1e6) / writes : 0;
  const framesPerChange = writes / (subscribers * rounds);
  // Statistics: within 2 x the rows' p95 of the same run, with the backend's own time for the
  // cycle's calls measured beside (the subscribers still connected, idle).
  const backend = withStatistics ? await statisticsBackendFloor(sim, tokens.length, subscribers) : null;
  closeAll(subs);
  await sleep(1000);
  const frameBytes = Math.round(percentile(firstBytes, 50));
  const sample = firstFrames.get(frameBytes);
  const floor = floorSpec
    ? { ...floorSpec, ...(await floorSpec.measure({ bytes: frameBytes, sample }, rounds)) }
    : null;
  figure(floor?.name ?? 'push_latency_ms', percentile(first, 95), 'ms', {
    subscribers,
    p50: percentile(first, 50),
    p95: percentile(first, 95),
    p99: percentile(first, 99),
    samples: first.length,
    round_p95: roundP95,
    warm_up_p95: warmUpP95,
    resyncs_by_snapshot: resyncs,
    patch_bytes_p50: percentile(bytes, 50),
    first_frame_bytes_p50: frameBytes,
    gateway_push_mean_ms: round(gatewayMean, 1),
    write_us_per_socket: round(writeUsPerSocket, 1),
    frames_per_change: round(framesPerChange, 2),
    ...(floor
      ? {
          ws_floor_p95: floor.p95,
          ws_floor_write_us_per_socket: floor.writeUsPerSocket,
          bar_p95: round(floor.ratio * floor.p95, 1),
          bar: `${floor.ratio} x ws floor`,
        }
      : {}),
  });
  const cycleCpu = Object.fromEntries([...cpu].map(([name, ms]) => [name, round(ms / rounds, 1)]));
  // The receiving thread is part of `receivers`: counted once in the total.
  const processesCpu = [...cpu].filter(([name]) => name !== RECEIVING_THREAD);
  const cycleCpuTotal = round(processesCpu.reduce((sum, [, ms]) => sum + ms, 0) / rounds, 1);
  const cores = availableParallelism();
  const cpuFloor = round(cycleCpuTotal / cores, 1);
  // Every socket's frames are read by the bench's one JavaScript thread, in turn.
  const receivingThreadFloor = cycleCpu[RECEIVING_THREAD] ?? 0;
  if (backend) {
    figure('change_cpu_ms', cycleCpuTotal, 'ms', {
      subscribers,
      ...cycleCpu,
      cores,
      cpu_floor_ms: cpuFloor,
      what: 'CPU time of backend-sim, the gateway and the receiving tabs from the poll to the last frame received, per change (receiving_thread: the one JavaScript thread of the receivers, part of receivers)',
    });
    figure('push_latency_with_statistics_ms', percentile(complete, 95), 'ms', {
      subscribers,
      p50: percentile(complete, 50),
      p95: percentile(complete, 95),
      p99: percentile(complete, 99),
      samples: complete.length,
      backend_floor_p95: round(percentile(backend.samples, 95), 1),
      // The last frame of a change leaves the gateway only after every frame before it was written:
      // frames per change x subscribers, at the bare ws server's cost per socket.
      frames_write_floor_ms: round(
        (framesPerChange * subscribers * (floor?.writeUsPerSocket ?? writeUsPerSocket)) / 1000,
        1,
      ),
      // That work spread perfectly over every core: no schedule brings the last frame sooner.
      cpu_floor_ms: cpuFloor,
      // Nor sooner than the one receiving thread can read every frame before it.
      receiving_thread_floor_ms: receivingThreadFloor,
      max: percentile(complete, 100),
      bar_p95: round(2 * percentile(first, 95), 1),
      bar: '2 x push_latency_ms p95',
    });
  }
}

/** backend-sim alone answering one change cycle's re-read calls (the subscribers connected, idle). */
async function statisticsBackendFloor(sim: SimProcess, users: number, subscribers: number) {
  const backendTokens = await Promise.all(
    sim.users.slice(0, users).map((u) => backendSignIn(sim.url, u.email)),
  );
  const backend = await cycleBackendFloor(sim, backendTokens, 5);
  figure('statistics_backend_floor_ms', percentile(backend.samples, 95), 'ms', {
    subscribers,
    p50: percentile(backend.samples, 50),
    p95: percentile(backend.samples, 95),
    calls: backend.calls,
    what: "backend-sim alone answering one change cycle's re-read calls, all sent at once",
  });
  return backend;
}

/**
 * orders.detailLive: 200 viewers (ten users) of one order; the backend detail reads per change of it.
 * The sim's count of /orders/order/{uid} includes the first load and each viewer's access read at join.
 */
async function detailCallsPerChange(sim: SimProcess, gateway: RunningProcess, tokens: string[]) {
  const [uid] = await visibleOrders(gateway.url, tokens[0]!);
  const wsUrl = `${gateway.url.replace(/^http/, 'ws')}/trpc`;
  const viewers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      subscribe(wsUrl, { cookie: `mgmt_auth_token=${tokens[i % tokens.length]}` }, 'orders.detailLive', {
        uid,
      }),
    ),
  );
  const reads = async () => (await sim.callCounts())['/orders/order/{uid}'] ?? 0;
  // Each viewer's access read runs after its `started`: wait until they have all landed.
  for (
    let last = -1, now = await reads(), until = Date.now() + 10_000;
    now !== last && Date.now() < until;
  ) {
    await sleep(1000);
    [last, now] = [now, await reads()];
  }
  // The live detail's own reads (the gateway counts them by list); the sim's count of the route also
  // holds the notifier's service-token reads of escalated orders.
  const cohortReads = async () => {
    const text = await metricsText(gateway.url);
    const line = text
      .split('\n')
      .find((l) => l.startsWith('waybill_cohort_fetches_total{') && l.includes('kind="orderDetail"'));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  const rounds = 3;
  const perChange: number[] = [];
  const simReads: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let got = 0;
    for (const v of viewers)
      v.onData((data) => {
        if ((data as { kind: string }).kind === 'patch') got += 1;
      });
    const [before, cohortBefore] = [await reads(), await cohortReads()];
    await sim.changeOrder(uid!);
    const deadline = Date.now() + POLL_MS * 3;
    while (got < viewers.length && Date.now() < deadline) await sleep(20);
    await sleep(500);
    simReads.push((await reads()) - before);
    perChange.push((await cohortReads()) - cohortBefore);
  }
  figure('detail_calls_per_change', Math.max(...perChange), 'calls', {
    viewers: viewers.length,
    users: tokens.length,
    rounds: perChange,
    sim_detail_reads: simReads,
    // One detail read per user viewing the order (cohorts are per user), whatever their tabs.
    bar: tokens.length,
  });
  closeAll(viewers);
}

/** Memory per idle subscriber: live heap (after forced GC, over the inspector) and RSS, before and after 5,000 subscribe. */
async function memoryPerSubscriber(sim: SimProcess) {
  const inspectPort = await freePort();
  await withGateway(sim, [`--inspect=127.0.0.1:${inspectPort}`], async (gateway, tokens) => {
    const inspector = await inspectorSession(inspectPort);
    try {
      const n = 5000;
      // Warm-up: the first cohort loads and code paths compile before the baseline.
      closeAll(await openSubscribers(gateway.url, tokens, 10 * tokens.length));
      await sleep(1000);
      const heapBefore = await inspector.liveHeap();
      const rssBefore = await metricValue(gateway.url, 'waybill_process_resident_memory_bytes');
      const subs = await openSubscribers(gateway.url, tokens, n);
      await sleep(2000);
      const heapAfter = await inspector.liveHeap();
      const rssAfter = await metricValue(gateway.url, 'waybill_process_resident_memory_bytes');
      // The larger of the two: RSS also holds the sockets' native buffers, the heap is what GC keeps.
      const heapKb = (heapAfter - heapBefore) / n / 1024;
      const rssKb = (rssAfter - rssBefore) / n / 1024;
      figure('memory_per_subscriber_kb', Math.max(heapKb, rssKb), 'KB', {
        subscribers: n,
        heap_kb: round(heapKb),
        rss_kb: round(rssKb),
        bar: 30,
      });
      closeAll(subs);
    } finally {
      inspector.close();
    }
  });
}

/**
 * One order detail at 200 calls a second through the gateway, then through a bare forwarder to the
 * backend (each in turn, after as long untimed): the gateway's latency and CPU beside the floor's.
 */
async function gatewayBesideFloor(sim: SimProcess, gateway: RunningProcess, tokens: string[]) {
  const [orderUid] = await visibleOrders(gateway.url, tokens[0]!);
  const backendToken = await backendSignIn(sim.url, sim.users[0]!.email);
  const target = `/orders/order/${encodeURIComponent(orderUid!)}`;
  const rps = 200;
  // The bare forwarder talks to the backend: it carries the backend's own token.
  const { gateway: result, floor } = await withProxyFloor(sim.url, target, (floorUrl) =>
    overheadSideBySide({
      gateway: {
        url: gateway.url,
        path: orderDetailCall(orderUid!),
        token: tokens[0]!,
        cpuUs: async () => (await metricValue(gateway.url, 'waybill_process_cpu_seconds_total')) * 1e6,
      },
      floor: {
        url: floorUrl,
        path: target,
        token: backendToken,
        cpuUs: async () => Number(await (await fetch(`${floorUrl}${CPU_PATH}`)).text()),
      },
      direct: { url: sim.url, path: target, token: backendToken },
      rps,
      seconds: 10,
      warmUpSeconds: 10,
      pool: Pool,
    }),
  );
  return { result, floor, rps, orderUid: orderUid!, backendToken };
}

async function main() {
  const sim = await startSimProcess();
  try {
    if (wants('changes') || wants('detail') || wants('cohorts') || wants('latency')) {
      await withGateway(sim, [], async (gateway, tokens) => {
        if (wants('changes')) await changesPerInterval(sim, gateway, tokens);
        if (wants('detail')) await detailCallsPerChange(sim, gateway, tokens);
        const sizes = process.env.BENCH_SUBS
          ? [Number(process.env.BENCH_SUBS)]
          : wants('latency')
            ? [1000, 10_000]
            : [1000];
        for (const n of sizes) {
          // The bare `ws` floor at the same size, measured beside, under the same load.
          const floorSpec: FloorSpec | null = wants('latency')
            ? {
                // Bar: 2 x the bare ws broadcast, and not above the bare tRPC broadcast (step `floor`).
                ratio: 2,
                name: 'push_latency_ms',
                measure: (frame, rounds) => broadcastFloor('ws', n, frame, { rounds }),
              }
            : null;
          if (wants('cohorts') || wants('latency'))
            await pushLatency(sim, gateway, tokens, n, n === 1000, floorSpec);
        }
      });
    }

    // The same with a CPU-busy neighbour pinned to the gateway's CPU; the floor server gets the
    // same CPU and the same neighbour.
    if (wants('contended')) {
      const cpu = CONTENDED_CPU;
      const neighbour = busyNeighbour(cpu);
      try {
        await withGateway(
          sim,
          [],
          async (gateway, tokens) => {
            for (const n of [1000, 10_000]) {
              await pushLatency(sim, gateway, tokens, n, false, {
                ratio: 2,
                name: 'push_latency_contended_ms',
                measure: (frame, rounds) =>
                  broadcastFloor('ws', n, frame, { cpu, name: 'ws_broadcast_floor_contended_ms', rounds }),
              });
            }
          },
          cpu,
        );
      } finally {
        neighbour.stop();
      }
    }

    // What a bare websocket broadcast, and a bare tRPC subscription broadcast, cost here: the
    // floors to read push_latency_ms against.
    if (wants('floor')) for (const n of [1000, 10_000]) await broadcastFloor('trpc', n, { bytes: 3000 });

    if (wants('memory')) await memoryPerSubscriber(sim);

    if (wants('alloc')) {
      // What one orders.detail call allocates in the gateway, sampled over the inspector.
      const inspectPort = await freePort();
      await withGateway(
        sim,
        [`--inspect=127.0.0.1:${inspectPort}`],
        async (gateway, tokens) => {
          const inspector = await inspectorSession(inspectPort);
          try {
            const [orderUid] = await visibleOrders(gateway.url, tokens[0]!);
            const result = await allocationPerCall({
              url: gateway.url,
              path: orderDetailCall(orderUid!),
              token: tokens[0]!,
              rps: 200,
              warmUpCalls: 2000,
              calls: 2000,
              allocations: (work) => inspector.allocations(work),
            });
            figure('gateway_alloc_kb_per_request', result.kb_per_call, 'KB', {
              ...result,
              what: 'heap allocated per orders.detail call (kept or not), sampled every 1 KB on average',
            });
          } finally {
            inspector.close();
          }
        },
        null,
        ONE_BUSY_SESSION,
      );
    }

    if (wants('overhead')) {
      // A fresh gateway, holding no other sockets, so the figure is the gateway's own added latency.
      await withGateway(
        sim,
        [],
        async (gateway, tokens) => {
          const { result, floor, rps, orderUid, backendToken } = await gatewayBesideFloor(
            sim,
            gateway,
            tokens,
          );
          // Why the gateway's own work costs more at 200 rps than in a loop (see cold-code.ts).
          const target = `/orders/order/${encodeURIComponent(orderUid)}`;
          const detailAnswer = await fetch(`${sim.url}${target}`, {
            headers: { authorization: `Bearer ${backendToken}` },
          });
          const spacing = await validationSpacing(((await detailAnswer.json()) as { data: unknown }).data);
          figure('order_detail_validation_us', spacing.spaced_p50, 'us', {
            spaced_5ms_p50: round(spacing.spaced_p50, 1),
            tight_loop_p50: round(spacing.tight_p50, 1),
            what: 'the gateway schema for one order detail, 5 ms apart (as at 200 rps) and back to back',
          });
          figure('proxy_floor_overhead_ms', floor.p50, 'ms', { ...floor, rps });
          // Bars: the bare forwarder's p50 + 0.5 ms and p99 + 1 ms, measured in the same run.
          figure('gateway_overhead_ms', result.p50, 'ms', {
            ...result,
            rps,
            floor_p50: floor.p50,
            floor_p99: floor.p99,
            bar_p50: round(floor.p50 + 0.5),
            bar_p99: round(floor.p99 + 1),
          });
        },
        null,
        ONE_BUSY_SESSION,
      );

      // The same comparison with tracing on, every span exported to a local OTLP endpoint.
      const sink = await startOtlpSink();
      try {
        await withGateway(
          sim,
          [],
          async (gateway, tokens) => {
            const { result, floor, rps } = await gatewayBesideFloor(sim, gateway, tokens);
            // Bar: the bare forwarder's p50 + 1 ms, measured in the same run.
            figure('gateway_overhead_traced_ms', result.p50, 'ms', {
              ...result,
              rps,
              floor_p50: floor.p50,
              bar_p50: round(floor.p50 + 1),
              otlp_exports: sink.exports(),
            });
          },
          null,
          {
            ...ONE_BUSY_SESSION,
            OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
            OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          },
        );
      } finally {
        await sink.close();
      }
    }

    if (wants('soak')) {
      const emails = sim.users.slice(0, 10).map((u) => u.email);
      await (await import('./soak.js')).soak({ backendUrl: sim.url, emails });
    }

    // One user attacking (large batches, many live lists) while another works: their p99.
    if (wants('abuse')) await (await import('./abuse.js')).abuseFigure(sim);

    if (wants('web')) {
      const kb = await webInitialJs();
      if (kb !== null) figure('web_initial_js_kb_gzip', kb, 'KB', { bar: 250 });
    }

    // A comment by one session timed to 1,000 subscribers of others: one gateway, then two on Redis.
    if (wants('own-change')) await (await import('./own-change.js')).ownChangeVisible(sim);

    // Its own redis-server, sim and four gateways: the poll leader SIGKILLed three times.
    if (wants('failover')) await (await import('./failover.js')).failoverGap();

    // Backend calls per change and rows per refresh against their ideals; a backend change to 1,000 screens.
    if (wants('backend')) await (await import('./backend-load.js')).backendLoad(sim);

    // Only when named: a minute or so, and Node 24 + Lighthouse to fetch on the first run.
    if (only.has('lighthouse')) await (await import('./lighthouse.js')).lighthouseFigures(sim);
  } finally {
    await sim.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
