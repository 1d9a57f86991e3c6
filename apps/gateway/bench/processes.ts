import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed on stdout so far. */
  output(): string;
  stop(): Promise<void>;
}

/** `src/server.ts` of a workspace app as its own Node process, configured through the environment. */
async function startServerProcess(
  app: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  cpu: string | null = null,
): Promise<RunningProcess> {
  const port = await freePort();
  // GATEWAY_NODE_ARGS / SIM_NODE_ARGS, e.g. "--cpu-prof", to profile a run.
  const extra = process.env[`${app === 'gateway' ? 'GATEWAY' : 'SIM'}_NODE_ARGS`]?.split(' ') ?? [];
  // `cpu` pins the process (`taskset -c`), for the contended run.
  const argv = [...nodeArgs, ...extra, '--import', 'tsx', 'src/server.ts'];
  const [command, args] = cpu
    ? ['taskset', ['-c', cpu, process.execPath, ...argv]]
    : [process.execPath, argv];
  // Each single-process gateway its own store: two on one DATA_DIR refuse to start.
  const dataDir =
    app === 'gateway' && !env.DATA_DIR && !env.REDIS_URL
      ? mkdtempSync(join(tmpdir(), 'waybill-bench-data-'))
      : null;
  const child = spawn(command, args, {
    cwd: fileURLToPath(new URL(`../../${app}`, import.meta.url)),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // The sim and the gateways share it; a production gateway refuses the development default.
      SERVICE_TOKEN: 'bench-service-token-0123456789',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (stdout.length < 65_536) stdout += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${app} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${app} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => stdout,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }).then(() => (dataDir ? rm(dataDir, { recursive: true, force: true }) : undefined)),
  };
}

/** A process that keeps one CPU busy (pinned with `taskset -c`): the contended run's neighbour. */
export function busyNeighbour(cpu: string): { stop(): void } {
  const child = spawn('taskset', ['-c', cpu, process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' });
  return { stop: () => void child.kill('SIGKILL') };
}

/** The METRICS_TOKEN bench gateways run with (/metrics is not served without one). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The gateway as ops run it, scraped as Prometheus would (with a metrics token). */
export function startGatewayProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  cpu: string | null = null,
): Promise<RunningProcess> {
  return startServerProcess(
    'gateway',
    { LOG_LEVEL: 'warn', METRICS_TOKEN: BENCH_METRICS_TOKEN, ...env },
    nodeArgs,
    cpu,
  );
}

/** A gateway's Prometheus text. */
export async function metricsText(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

export interface SimProcess extends RunningProcess {
  /** Demo users other than superadmins, as the sim printed them at start. */
  users: { email: string }[];
  changeOrder(uid: string): Promise<void>;
  callCounts(): Promise<Record<string, number>>;
  resetCallCounts(): Promise<void>;
}

/** backend-sim in its own process, as the real backend would be: its work does not share the bench's CPU time. */
export async function startSimProcess(): Promise<SimProcess> {
  const sim = await startServerProcess('backend-sim', { TICK_MS: '0', SIM_CONTROL: '1' });
  const users = [...sim.output().matchAll(/^ {4}(\S+@\S+)\s+(\S*)$/gm)]
    .filter((m) => m[2] !== 'superadmin')
    .map((m) => ({ email: m[1]! }));
  if (users.length === 0) throw new Error(`no demo users in the sim's output:\n${sim.output()}`);
  const control = async (method: string, path: string) => {
    const res = await fetch(`${sim.url}/__sim/${path}`, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    });
    if (!res.ok) throw new Error(`sim control ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: unknown }).data;
  };
  return {
    ...sim,
    users,
    changeOrder: async (uid) => void (await control('POST', `orders/${encodeURIComponent(uid)}/change`)),
    callCounts: async () => (await control('GET', 'call-counts')) as Record<string, number>,
    resetCallCounts: async () => void (await control('POST', 'call-counts/reset')),
  };
}

/** A gauge or counter from the gateway's Prometheus text. */
export async function metricValue(url: string, name: string): Promise<number> {
  const text = await metricsText(url);
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (!line) throw new Error(`metric ${name} not found`);
  return Number(line.split(' ').at(-1));
}
