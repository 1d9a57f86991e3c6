import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { paddedTemplate, sameBytesTemplate, sentAtOf } from './floor-frame.js';
import { figure, percentile, round } from './stats.js';
import { subscribe } from './trpc-ws.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface FloorOptions {
  /** Pin the floor server to these CPUs (`taskset -c`), as the gateway is pinned beside a busy neighbour. */
  cpu?: string;
  /** The figure's name, when not the default one of its kind. */
  name?: string;
  /** Timed rounds: as many as the push it is a floor for (default 3). */
  rounds?: number;
}

/** A floor's p95, and (bare `ws` only) what its write loop cost per socket, in µs. */
export interface Floor {
  p95: number;
  writeUsPerSocket: number | null;
}

/** What a floor broadcasts: a frame of `bytes` bytes, and the timed push's own frame when known. */
export interface FloorFrame {
  bytes: number;
  /** The first frame a subscriber got in the timed push (its text, poll time included). */
  sample?: string;
}

/**
 * Latency of one frame broadcast to N sockets, measured like push_latency_ms: by a bare `ws`
 * server (`ws`), or by a bare tRPC subscription over tRPC's ws handler (`trpc`). Given the timed
 * push's own frame, the bare `ws` server sends those bytes (the figure) and, in alternate rounds, a
 * padded frame of the same size (`padded_p95`: what the floor sent before it sent the timed frame,
 * kept so figures compare with older runs; see docs/performance.md).
 */
export async function broadcastFloor(
  kind: 'ws' | 'trpc',
  subscribers: number,
  frame: FloorFrame,
  opts: FloorOptions = {},
): Promise<Floor> {
  const script = kind === 'ws' ? './ws-floor-server.ts' : './trpc-floor-server.ts';
  const server = fork(fileURLToPath(new URL(script, import.meta.url)), {
    ...(opts.cpu
      ? { execPath: 'taskset', execArgv: ['-c', opts.cpu, process.execPath, '--import', 'tsx'] }
      : { execArgv: ['--import', 'tsx'] }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve) =>
      server.once('message', (m: { port: number }) => resolve(m.port)),
    );
    const latencies: number[] = [];
    const padded: number[] = [];
    /** Where the round under way puts its samples. */
    let into = latencies;
    const writes = { ms: 0, sockets: 0 };
    server.on('message', (m: { writeMs?: number; sockets?: number }) => {
      // The write cost per socket is the figure's own rounds'.
      if (into !== latencies) return;
      writes.ms += m.writeMs ?? 0;
      writes.sockets += m.sockets ?? 0;
    });
    const record = (f: unknown) => {
      const sentAt = sentAtOf(f);
      if (sentAt !== undefined) into.push(Date.now() - sentAt);
    };
    const closers: (() => void)[] = [];
    for (let i = 0; i < subscribers; i += 200) {
      const batch = Array.from({ length: Math.min(200, subscribers - i) }, async () => {
        if (kind === 'trpc') {
          const sub = await subscribe(`ws://127.0.0.1:${port}`, {}, 'broadcast', null);
          sub.onData(record);
          closers.push(() => sub.ws.terminate());
          return;
        }
        const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
        ws.on('message', (raw) => record(JSON.parse(String(raw))));
        closers.push(() => ws.terminate());
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      });
      await Promise.all(batch);
    }
    const same = kind === 'ws' && frame.sample ? sameBytesTemplate(frame.sample) : null;
    const roundP95: number[] = [];
    const broadcast = async (template: string, samples: number[]) => {
      into = samples;
      const from = samples.length;
      server.send({ template });
      const deadline = Date.now() + 10_000;
      while (samples.length < from + subscribers && Date.now() < deadline) await sleep(10);
      await sleep(200);
      if (samples === latencies) roundP95.push(percentile(samples.slice(from), 95));
    };
    const rounds: [string, number[]][] = [[same ?? paddedTemplate(frame.bytes), latencies]];
    if (same) rounds.push([paddedTemplate(frame.bytes), padded]);
    // Untimed first: the push's receivers have parsed a snapshot on every socket before its rounds.
    for (const [template] of rounds) await broadcast(template, []);
    for (let r = 0; r < (opts.rounds ?? 3); r++) {
      // Alternating which goes first, so neither frame always meets the other's after-effects.
      for (const [template, samples] of r % 2 ? [...rounds].reverse() : rounds)
        await broadcast(template, samples);
    }
    const p95 = percentile(latencies, 95);
    const writeUsPerSocket = writes.sockets > 0 ? round((writes.ms * 1000) / writes.sockets, 1) : null;
    figure(opts.name ?? (kind === 'ws' ? 'ws_broadcast_floor_ms' : 'trpc_broadcast_floor_ms'), p95, 'ms', {
      subscribers,
      frame_bytes: frame.bytes,
      frame: same ? "the timed push's own first frame" : 'padded',
      p50: percentile(latencies, 50),
      p95,
      p99: percentile(latencies, 99),
      samples: latencies.length,
      round_p95: roundP95,
      ...(same ? { padded_p50: percentile(padded, 50), padded_p95: percentile(padded, 95) } : {}),
      ...(writeUsPerSocket === null ? {} : { write_us_per_socket: writeUsPerSocket }),
      ...(opts.cpu ? { cpu: opts.cpu, neighbour: 'busy' } : {}),
    });
    for (const close of closers) close();
    return { p95, writeUsPerSocket };
  } finally {
    server.kill();
  }
}

/** A bare forwarding server (bench/proxy-floor-server.ts) in its own process, for the duration of `run`. */
export async function withProxyFloor<T>(
  backendUrl: string,
  targetPath: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const server = fork(fileURLToPath(new URL('./proxy-floor-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BACKEND_URL: backendUrl, TARGET_PATH: targetPath },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve) =>
      server.once('message', (m: { port: number }) => resolve(m.port)),
    );
    return await run(`http://127.0.0.1:${port}`);
  } finally {
    server.kill();
  }
}
