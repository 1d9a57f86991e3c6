import type { Pool } from 'undici';

/**
 * `count` calls, one every `intervalMs` from the start whatever the answers' pace (open loop, so a
 * slow answer never delays the next call), then waits for all of them.
 */
export async function openLoop(count: number, intervalMs: number, call: (i: number) => Promise<void>) {
  const inflight: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + i * intervalMs - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inflight.push(call(i));
  }
  await Promise.all(inflight);
}

/** A GET with a bearer token; its body's text, or an error naming the path when it is not a 200. */
export async function getOk(pool: Pool, path: string, token: string): Promise<string> {
  const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
  return text;
}
