import type { Pool } from 'undici';
import { percentile, round } from './stats.js';

export interface OverheadOptions {
  gatewayUrl: string;
  backendUrl: string;
  /** Sent to gatewayUrl (for the gateway: a session id). */
  token: string;
  /** Sent straight to the backend: the backend's own token. */
  backendToken: string;
  serviceToken: string;
  rps: number;
  seconds: number;
  pool: typeof Pool;
  orderUid: string;
  /** The proxied path; default the gateway's orders.detail procedure. */
  gatewayPath?: string;
}

/**
 * The same query through the gateway (orders.detail) and straight to the backend
 * (GET /orders/order/{uid}), interleaved at a fixed open-loop rate; the overhead is the
 * difference of the percentiles.
 */
export async function gatewayOverhead(o: OverheadOptions) {
  const gateway = new o.pool(o.gatewayUrl, { connections: 32 });
  const backend = new o.pool(o.backendUrl, { connections: 32 });
  const input = encodeURIComponent(JSON.stringify({ uid: o.orderUid }));
  const viaGateway: number[] = [];
  const direct: number[] = [];
  const bytes = new Map<number[], number>();
  const time = async (pool: Pool, path: string, token: string, into: number[]) => {
    const start = performance.now();
    const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    bytes.set(into, text.length);
    into.push(performance.now() - start);
  };
  const total = o.rps * o.seconds;
  const intervalMs = 1000 / o.rps;
  const inflight: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      i % 2 === 0
        ? time(gateway, o.gatewayPath ?? `/trpc/orders.detail?input=${input}`, o.token, viaGateway)
        : time(backend, `/orders/order/${encodeURIComponent(o.orderUid)}`, o.backendToken, direct),
    );
  }
  await Promise.all(inflight);
  await gateway.close();
  await backend.close();
  return {
    p50: round(percentile(viaGateway, 50) - percentile(direct, 50)),
    p99: round(percentile(viaGateway, 99) - percentile(direct, 99)),
    gateway_p50: round(percentile(viaGateway, 50)),
    gateway_p99: round(percentile(viaGateway, 99)),
    direct_p50: round(percentile(direct, 50)),
    direct_p99: round(percentile(direct, 99)),
    requests: viaGateway.length + direct.length,
    response_bytes: bytes.get(direct) ?? 0,
  };
}
