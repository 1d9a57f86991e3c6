import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSim } from '@waybill/backend-sim';
import { metricsText, TEST_METRICS_TOKEN } from '../helpers.js';
import { createClient, type RunningSim } from '../realtime/harness.js';
import { freePort, type RedisServer, startRedis } from './redis-server.js';

const gatewayDir = fileURLToPath(new URL('../..', import.meta.url));

export interface Replica {
  name: string;
  url: string;
  child: ChildProcess;
  /** stdout and stderr so far (JSON log lines), for failure messages. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A static console build, so the processes start as they do in production. */
export async function fakeWebDist(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'waybill-web-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The service token replicas and their backend-sim share: a production process refuses the
 * development default.
 */
export const REPLICA_SERVICE_TOKEN = 'replica-service-token-0123456789';

/**
 * How long a replica may take to answer /healthz. tsx compiles the gateway as it starts, which takes
 * tens of seconds on a busy machine: the limit only catches one that never comes up.
 */
const REPLICA_START_MS = 180_000;
/** The `beforeAll` timeout for `startReplicaStack`: the replicas' start, and Redis and the backend's. */
export const STACK_START_MS = REPLICA_START_MS + 60_000;

/**
 * One gateway process, configured through the environment as ops run it; on `port` (a restart behind
 * a balancer that knows its address), or a free one.
 */
export async function startReplica(
  name: string,
  env: Record<string, string>,
  port?: number,
): Promise<Replica> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: gatewayDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      SERVICE_TOKEN: REPLICA_SERVICE_TOKEN,
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + REPLICA_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway ${name} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gateway ${name} did not start within ${REPLICA_START_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { name, url, child, output: () => output, exited };
}

export async function stopReplica(replica: Replica): Promise<void> {
  if (replica.child.exitCode !== null || replica.child.signalCode !== null) return;
  replica.child.kill('SIGKILL');
  await replica.exited;
}

/** Successful change polls a replica made (Prometheus counter). */
export async function okPolls(replica: Replica): Promise<number> {
  const text = await metricsText(replica.url);
  const line = text
    .split('\n')
    .find((l) => l.startsWith('waybill_change_polls_total{') && l.includes('outcome="ok"'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Gateway replicas in multi-replica mode: one redis-server, one backend-sim, one console build. */
export interface ReplicaStack {
  redis: RedisServer;
  sim: RunningSim;
  replicas: Replica[];
  /** Stops the replicas, then the backend and Redis, and removes the console build. */
  close(): Promise<void>;
}

export interface ReplicaStackOptions {
  /** One replica per name, started together. */
  names: string[];
  /** On top of what every replica gets: BACKEND_URL, REDIS_URL and WEB_DIST. */
  env?: Record<string, string>;
}

/**
 * The multi-replica setup the scale, collaboration and failover tests share: a real redis-server on
 * a free port, and the replicas as separate processes against one backend-sim, as ops run them.
 * Anything started before a failure to start is stopped again.
 */
export async function startReplicaStack(opts: ReplicaStackOptions): Promise<ReplicaStack> {
  const started: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  try {
    const redis = await startRedis();
    started.push(() => redis.stop());
    // Its clock still (changes come only from the tests), its control API on for faults and counts.
    const sim = await startSim({ port: 0, tickMs: 0, control: true, serviceToken: REPLICA_SERVICE_TOKEN });
    started.push(() => sim.close());
    const web = await fakeWebDist();
    started.push(() => web.remove());
    const env = { BACKEND_URL: sim.url, REDIS_URL: redis.url, WEB_DIST: web.dir, ...opts.env };
    // All settle before any failure is thrown, so none is left running unseen.
    const results = await Promise.allSettled(opts.names.map((name) => startReplica(name, env)));
    const replicas = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    started.push(async () => {
      await Promise.all(replicas.map(stopReplica));
    });
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return { redis, sim, replicas, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A test's clients of its replicas, closed together by `closeAll`; `signIn` answers a bearer session. */
export function replicaClients() {
  const closers: Array<() => void> = [];
  const client = (replica: Replica, token?: string) => {
    const made = createClient(replica.url, token);
    closers.push(made.close);
    return made.client;
  };
  const signIn = async (replica: Replica, email: string) => {
    const { token } = await client(replica).auth.passwordLogin.mutate({
      email,
      password: 'waybill-demo',
      bearer: true,
    });
    return token!;
  };
  const closeAll = () => {
    for (const close of closers.splice(0)) close();
  };
  return { client, signIn, closeAll };
}
