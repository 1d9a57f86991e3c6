import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../scale/redis-server.js';
import { spawnServer } from '../server-process.js';

let sim: RunningSim;
let child: ChildProcessWithoutNullStreams | null = null;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0 });
});
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = null;
  await Promise.all(cleanups.splice(0).map((c) => c()));
});
afterAll(async () => {
  await sim?.close();
});

interface LogLine {
  level: number;
  msg: string;
}

/** A collector stand-in on 127.0.0.1: it resets every connection, or accepts and never answers. */
async function brokenCollector(kind: 'resets' | 'hangs') {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    if (kind === 'resets') return socket.resetAndDestroy();
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${port}`, connections: () => connections };
}

/** src/server.ts with tracing on, resolving with its URL once it listens; its log lines are kept. */
function startGateway(env: Record<string, string>) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('OTEL_'),
    ),
  );
  const { proc, removeData } = spawnServer(
    {
      PORT: '0',
      BACKEND_URL: sim.url,
      WEB_DIST: '/nonexistent',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      ...env,
    },
    inherited,
  );
  cleanups.push(removeData);
  child = proc;
  const lines: LogLine[] = [];
  let output = '';
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    let buffer = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      buffer += chunk.toString();
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = JSON.parse(buffer.slice(0, nl)) as LogLine;
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line.msg);
        if (match?.[1]) resolve(match[1]);
      }
    });
    proc.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    proc.on('exit', (code) => reject(new Error(`gateway exited early with ${code}:\n${output}`)));
  });
  return { url, lines, exited, output: () => output };
}

/** Traced requests (the HTTP and Fastify spans of each), so there is something to export. */
async function someSpans(url: string): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await fetch(`${url}/healthz`)).status).toBe(200);
}

const aboutTracing = (lines: LogLine[]) => lines.filter((l) => l.msg.includes('OpenTelemetry collector'));

describe('tracing with the collector unreachable', () => {
  it('warns once while running, not once per failed export', async () => {
    const collector = await brokenCollector('resets');
    // A short export deadline: each failed export is one connection, no retries.
    const gateway = startGateway({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '20',
      OTEL_EXPORTER_OTLP_TIMEOUT: '300',
    });
    const url = await gateway.url;
    // Exports are serial: by the fourth connection three exports have failed and been reported.
    await vi.waitFor(
      async () => {
        await someSpans(url);
        expect(collector.connections()).toBeGreaterThanOrEqual(4);
      },
      { timeout: 20_000, interval: 50 },
    );
    await vi.waitFor(() => expect(aboutTracing(gateway.lines).length).toBeGreaterThan(0), {
      timeout: 5000,
      interval: 20,
    });
    const warnings = aboutTracing(gateway.lines);
    expect(warnings, gateway.output()).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
    expect(warnings[0]?.msg).toContain(
      `spans could not be sent to the OpenTelemetry collector at ${collector.url}`,
    );
  }, 60_000);

  it.each([
    ['refuses connections', 'refused'],
    ['accepts and never answers', 'hangs'],
  ] as const)(
    'exits 0 on SIGTERM within the grace when the collector %s, with one warning naming it',
    async (_what, kind) => {
      // The default grace: the flush's own limit (2 s) is what must keep the exit inside it.
      const graceMs = 10_000;
      const endpoint =
        kind === 'refused' ? `http://127.0.0.1:${await freePort()}` : (await brokenCollector('hangs')).url;
      // Spans wait for the shutdown's flush: no export before it.
      const gateway = startGateway({
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_BSP_SCHEDULE_DELAY: '600000',
        SHUTDOWN_GRACE_MS: String(graceMs),
      });
      await someSpans(await gateway.url);
      const signalledAt = Date.now();
      child!.kill('SIGTERM');
      const code = await gateway.exited;
      const tookMs = Date.now() - signalledAt;
      expect(code, gateway.output()).toBe(0);
      expect(tookMs, gateway.output()).toBeLessThan(graceMs);
      expect(
        gateway.lines.filter((l) => l.level >= 50),
        gateway.output(),
      ).toEqual([]);
      const warnings = aboutTracing(gateway.lines);
      expect(warnings, gateway.output()).toHaveLength(1);
      expect(warnings[0]?.level).toBe(40);
      expect(warnings[0]?.msg).toContain(
        `the last spans did not reach the OpenTelemetry collector at ${endpoint}`,
      );
    },
    60_000,
  );
});
