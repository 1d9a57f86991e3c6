/**
 * `pnpm bench`: starts backend-sim (in this process) and the gateway (its own process) and prints
 * one JSON line per figure named in design.md. Each step is bounded in time and count.
 */
import { startSim } from '@waybill/backend-sim';
import { Pool } from 'undici';
import { gatewayOverhead } from './overhead.js';
import { freePort, metricValue, startGatewayProcess } from './processes.js';
import { figure, percentile, round } from './stats.js';
import { type Subscriber, subscribe } from './trpc-ws.js';
import { webInitialJs } from './web-size.js';

const DEMO_PASSWORD = 'waybill-demo';
const only = new Set(process.argv.slice(2));
const wants = (name: string) => only.size === 0 || only.has(name);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { result?: { data: { token: string } }; error?: unknown };
  if (!body.result) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body.error)}`);
  return body.result.data.token;
}

async function openSubscribers(
  url: string,
  tokens: string[],
  n: number,
  input: unknown = {},
): Promise<Subscriber[]> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/trpc`;
  const subs: Subscriber[] = [];
  const BATCH = 200;
  for (let i = 0; i < n; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - i) }, (_, j) =>
      subscribe(
        wsUrl,
        { cookie: `mgmt_auth_token=${tokens[(i + j) % tokens.length]}` },
        'orders.live',
        input,
      ),
    );
    subs.push(...(await Promise.all(batch)));
  }
  return subs;
}

function closeAll(subs: Subscriber[]) {
  for (const s of subs) s.close();
}

async function main() {
  const sim = await startSim({ port: await freePort(), tickMs: 0, control: true });
  const users = sim.store.users.filter((u: { superadmin: boolean }) => !u.superadmin).slice(0, 10);
  const pollMs = 5000;
  // Thousands of tabs over ten users: lift the per-user socket cap for the benchmark only.
  const gateway = await startGatewayProcess({
    BACKEND_URL: sim.url,
    CHANGE_POLL_MS: String(pollMs),
    WS_MAX_PER_USER: '100000',
  });
  const count = (path: string) => sim.control.callCounts()[path] ?? 0;
  try {
    const tokens = await Promise.all(users.map((u: { email: string }) => signIn(gateway.url, u.email)));

    if (wants('changes')) {
      for (const subscribers of [1, 100, 5000]) {
        const subs = await openSubscribers(gateway.url, tokens, subscribers);
        await sleep(500);
        const before = count('/changes');
        await sleep(3 * pollMs);
        const perInterval = (count('/changes') - before) / 3;
        figure('changes_calls_per_5s', perInterval, 'calls', { subscribers, bar: 1 });
        closeAll(subs);
        await sleep(300);
      }
    }

    if (wants('cohorts') || wants('latency')) {
      const answer = (await (
        await fetch(`${gateway.url}/trpc/orders.search?input=${encodeURIComponent('{}')}`, {
          headers: { authorization: `Bearer ${tokens[0]}` },
        })
      ).json()) as { result: { data: { orders: { uid: string }[] } } };
      const visible = answer.result.data.orders.map((o) => o.uid);
      for (const subscribers of wants('latency') ? [1000, 10_000] : [1000]) {
        const subs = await openSubscribers(gateway.url, tokens, subscribers);
        const latencies: number[] = [];
        const rounds = subscribers >= 10_000 ? 3 : 5;
        for (let round = 0; round < rounds; round++) {
          let received = 0;
          const got = new Set<Subscriber>();
          for (const s of subs) {
            s.onData((data) => {
              const msg = data as { kind: string; polledAt?: number };
              if (msg.kind !== 'patch' || msg.polledAt === undefined || got.has(s)) return;
              got.add(s);
              received += 1;
              latencies.push(Date.now() - msg.polledAt);
            });
          }
          sim.control.resetCallCounts();
          sim.control.changeOrder(visible[round % visible.length]!);
          const deadline = Date.now() + pollMs * 3;
          while (received < subscribers && Date.now() < deadline) await sleep(20);
          if (round === 0 && subscribers === 1000) {
            figure('searches_per_change_cycle', count('/orders/search/filter'), 'searches', {
              tabs: subscribers,
              users: tokens.length,
              statistics_fanouts: count('/orders/search/count'),
              bar: tokens.length,
            });
          }
          if (received < subscribers)
            console.error(`round ${round}: only ${received}/${subscribers} got the change`);
        }
        if (wants('latency')) {
          figure('push_latency_ms', percentile(latencies, 95), 'ms', {
            subscribers,
            p50: percentile(latencies, 50),
            p95: percentile(latencies, 95),
            p99: percentile(latencies, 99),
            samples: latencies.length,
            bar_p95: subscribers >= 10_000 ? 250 : 50,
          });
        }
        closeAll(subs);
        await sleep(500);
      }
    }

    if (wants('memory')) {
      const n = 5000;
      await sleep(1000);
      const rssBefore = await metricValue(gateway.url, 'process_resident_memory_bytes');
      const heapBefore = await metricValue(gateway.url, 'nodejs_heap_size_used_bytes');
      const subs = await openSubscribers(gateway.url, tokens, n);
      await sleep(3000);
      const rssAfter = await metricValue(gateway.url, 'process_resident_memory_bytes');
      const heapAfter = await metricValue(gateway.url, 'nodejs_heap_size_used_bytes');
      figure('memory_per_subscriber_kb', (rssAfter - rssBefore) / n / 1024, 'KB', {
        subscribers: n,
        heap_kb: round((heapAfter - heapBefore) / n / 1024),
        bar: 30,
      });
      closeAll(subs);
    }

    if (wants('overhead')) {
      const result = await gatewayOverhead({
        gatewayUrl: gateway.url,
        backendUrl: sim.url,
        token: tokens[0]!,
        serviceToken: 'dev-service-token',
        rps: 200,
        seconds: 10,
        pool: Pool,
        orderUid: sim.store.orders.keys().next().value!,
      });
      figure('gateway_overhead_ms', result.p50, 'ms', { ...result, rps: 200, bar_p50: 0.5, bar_p99: 2 });
    }

    if (wants('soak')) await (await import('./soak.js')).soak({ backendUrl: sim.url, tokens });

    if (wants('web')) {
      const kb = await webInitialJs();
      if (kb !== null) figure('web_initial_js_kb_gzip', kb, 'KB', { bar: 250 });
    }
  } finally {
    await gateway.stop();
    await sim.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
