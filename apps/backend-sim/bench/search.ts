import type { OrdersSearchBody } from '@waybill/contracts';
import { request } from 'undici';
import { startSim } from '../src/index.js';

// Search latency over HTTP at ORDERS (default 100000) orders; prints one JSON line per figure.
const orders = Number(process.env.ORDERS ?? 100_000);
const rounds = Number(process.env.ROUNDS ?? 200);

const t0 = performance.now();
const sim = await startSim({ orders, inbounds: 600, stores: 300, tickMs: 0 });
const generateMs = performance.now() - t0;

const headers = { authorization: 'Bearer dev-service-token', 'content-type': 'application/json' };
const base: OrdersSearchBody = { skip: 0, limit: 20, managed_by: 'waybill', active_status: 'active' };
const sample = sim.store.sortedOrders[5000] ?? sim.store.sortedOrders[0];
const bodies: [string, OrdersSearchBody][] = [
  ['/orders/search', { ...base, display_priorities: [0, 1, 2, 3] }],
  [
    '/orders/search',
    { ...base, display_priorities: [0, 1, 2, 3, 4], status_late: 'late', payout_late: 'late' },
  ],
  ['/orders/search', { ...base, courier_keys: ['cargus_ro', 'urgent_cargus'], skip: 40, limit: 20 }],
  ['/orders/search/statuses_statistics', { ...base, display_priorities: [0, 1, 2, 3] }],
  ['/orders/search/count', { ...base, reference: sample?.reference ?? '12' }],
  ['/orders/search/filter', { ...base, aggregated_status_keys: ['shipping_in_transit'], limit: 100 }],
];

async function once(path: string, body: OrdersSearchBody): Promise<number> {
  const start = performance.now();
  const res = await request(`${sim.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
  return performance.now() - start;
}

for (let i = 0; i < 20; i++) for (const [path, body] of bodies) await once(path, body);
const samples: number[] = [];
for (let i = 0; i < rounds; i++) {
  const [path, body] = bodies[i % bodies.length]!;
  samples.push(await once(path, body));
}
samples.sort((a, b) => a - b);
const pct = (p: number) =>
  Number((samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0).toFixed(2));
console.log(JSON.stringify({ figure: 'sim_generate_ms', value: Math.round(generateMs), unit: 'ms', orders }));
console.log(
  JSON.stringify({
    figure: 'sim_search_ms',
    value: pct(0.95),
    unit: 'ms',
    orders,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    n: samples.length,
  }),
);
await sim.close();
