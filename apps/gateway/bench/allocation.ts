import { Pool } from 'undici';
import type { SamplingHeapNode, SamplingHeapProfile } from './inspector.js';
import { getOk, openLoop } from './open-loop.js';
import { round } from './stats.js';

/** Where a frame's code lives: a package (name@version) or the gateway's own file. */
export function sourceOf(url: string): string {
  const pkg = /node_modules\/\.pnpm\/((?:@[^+/]+\+)?[^@/]+@[^_/]+)/.exec(url);
  if (pkg) return pkg[1]!.replace('+', '/');
  const own = /\/src\/(.+)$/.exec(url);
  if (own) return `src/${own[1]}`;
  return url.startsWith('node:') ? 'node' : '(native)';
}

/** Bytes allocated by each source, its own frames only, over a whole profile. */
export function bytesBySource(profile: SamplingHeapProfile): Map<string, number> {
  const totals = new Map<string, number>();
  const walk = (node: SamplingHeapNode) => {
    if (node.selfSize > 0) {
      const source = sourceOf(node.callFrame.url);
      totals.set(source, (totals.get(source) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  return totals;
}

export interface AllocationOptions {
  url: string;
  path: string;
  token: string;
  /** Calls a second: the overhead step's rate to one server. */
  rps: number;
  warmUpCalls: number;
  calls: number;
  allocations: (work: () => Promise<void>) => Promise<SamplingHeapProfile>;
}

/**
 * What one call costs the gateway's heap, in KB allocated (kept or not). Unlike time, this barely
 * moves with the machine's state, so a change in the request path shows from one run to the next.
 */
export async function allocationPerCall(o: AllocationOptions) {
  const pool = new Pool(o.url, { connections: 32 });
  const drive = (calls: number) =>
    openLoop(calls, 1000 / o.rps, async () => {
      await getOk(pool, o.path, o.token);
    });
  try {
    await drive(o.warmUpCalls);
    const bySource = bytesBySource(await o.allocations(() => drive(o.calls)));
    const kb = (bytes: number) => round(bytes / o.calls / 1024, 1);
    const total = [...bySource.values()].reduce((a, b) => a + b, 0);
    const top = [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 8);
    return { kb_per_call: kb(total), top_sources_kb: Object.fromEntries(top.map(([s, b]) => [s, kb(b)])) };
  } finally {
    await pool.close();
  }
}
