import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { figure, percentile } from './stats.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Latency of one frame broadcast by a bare `ws` server to N sockets, measured like push_latency_ms. */
export async function wsBroadcastFloor(subscribers: number, bytes: number): Promise<void> {
  const server = fork(fileURLToPath(new URL('./ws-floor-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve) =>
      server.once('message', (m: { port: number }) => resolve(m.port)),
    );
    const latencies: number[] = [];
    const sockets: WebSocket[] = [];
    for (let i = 0; i < subscribers; i += 200) {
      const batch = Array.from({ length: Math.min(200, subscribers - i) }, () => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
        ws.on('message', (raw) =>
          latencies.push(Date.now() - (JSON.parse(String(raw)) as { sentAt: number }).sentAt),
        );
        sockets.push(ws);
        return new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      });
      await Promise.all(batch);
    }
    for (let round = 0; round < 3; round++) {
      const expected = latencies.length + subscribers;
      server.send({ bytes });
      const deadline = Date.now() + 10_000;
      while (latencies.length < expected && Date.now() < deadline) await sleep(10);
      await sleep(200);
    }
    figure('ws_broadcast_floor_ms', percentile(latencies, 95), 'ms', {
      subscribers,
      frame_bytes: bytes,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      samples: latencies.length,
    });
    for (const ws of sockets) ws.terminate();
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
