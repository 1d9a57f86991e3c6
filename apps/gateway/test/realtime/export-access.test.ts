import { startSim } from '@waybill/backend-sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { testDataDir } from '../data-dir.js';
import { type RedisServer, startRedis } from '../scale/redis-server.js';
import {
  fakeWebDist,
  REPLICA_SERVICE_TOKEN,
  type Replica,
  startReplica,
  stopReplica,
} from '../scale/replicas.js';
import { type Client, createClient, eventually, type RunningSim } from './harness.js';

const CHECK_PATH = '/inventory_receipts/reports/export/check';
const START_PATH = '/inventory_receipts/reports/export';
/** How long the first progress check is held, so the job is still running while B tries to join. */
const HELD_CHECK_MS = 2000;

interface JobState {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  downloadPath: string | null;
}

/** Where the two users are served: one gateway for both, or each on a replica of their own. */
interface Gateways {
  sim: RunningSim;
  urlA: string;
  urlB: string;
}

const closers: Array<() => void> = [];
/** Websockets first: a gateway closing waits for its open sockets. */
const closeClients = () => {
  for (const close of closers.splice(0)) close();
};

function client(url: string, token?: string): Client {
  const made = createClient(url, token);
  closers.push(made.close);
  return made.client;
}

async function signIn(url: string, email: string): Promise<{ client: Client; token: string }> {
  const { token } = await client(url).auth.passwordLogin.mutate({
    email,
    password: 'waybill-demo',
    bearer: true,
  });
  return { client: client(url, token!), token: token! };
}

/** The first answer of a progress subscription: its first state, or the error that ended it. */
function firstProgress(c: Client, jobId: string): Promise<{ data?: JobState; code?: string }> {
  return new Promise((resolve) => {
    const sub = c.inbounds.export.progress.subscribe(
      { jobId },
      {
        onData: (d: unknown) => {
          resolve({ data: (d as { data: JobState }).data });
          sub.unsubscribe();
        },
        onError: (e: unknown) => resolve({ code: (e as { data?: { code?: string } }).data?.code }),
      },
    );
  });
}

async function download(url: string, path: string, token: string) {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, body };
}

/**
 * Ops exports an inbound only ops may read. Dev cannot join that export, and with its job id can
 * neither follow nor download it; ops downloads it from any of their sessions.
 */
async function exportAccessScenario({ sim, urlA, urlB }: Gateways): Promise<void> {
  const a = await signIn(urlA, 'ops@example.com');
  const b = await signIn(urlB, 'dev@example.com');
  const inbound = (await a.client.inbounds.search.query({})).inventory_receipts[5]!;
  sim.control.restrictInbound(inbound.uid, ['ops@example.com']);
  sim.control.setFault({ kind: 'slow', delayMs: HELD_CHECK_MS, paths: [CHECK_PATH] });
  const startsBefore = sim.control.callCounts()[START_PATH] ?? 0;

  const job = await a.client.inbounds.export.start.mutate({ uid: inbound.uid });
  expect(job.status).toBe('running');
  // B asks to export the same inbound while it runs: the backend refuses B that inbound.
  await expect(b.client.inbounds.export.start.mutate({ uid: inbound.uid })).rejects.toMatchObject({
    data: { code: 'FORBIDDEN' },
  });
  // The refusal came from the join check: B started no export of its own.
  expect((sim.control.callCounts()[START_PATH] ?? 0) - startsBefore).toBe(1);
  expect((await b.client.inbounds.export.list.query()).jobs.map((j) => j.jobId)).not.toContain(job.jobId);

  // B holds A's job id anyway: to B the job does not exist, while running and once done.
  const downloadPath = `/exports/${encodeURIComponent(job.jobId)}/download`;
  const unknownPath = '/exports/exp_00000000-0000-4000-8000-000000000000/download';
  expect(await firstProgress(b.client, job.jobId)).toEqual({ code: 'NOT_FOUND' });
  const early = await download(urlB, downloadPath, b.token);
  expect(early.status).toBe(404);
  expect(early.body).toEqual((await download(urlB, unknownPath, b.token)).body);

  sim.control.setFault(null);
  const seen: JobState[] = [];
  a.client.inbounds.export.progress.subscribe(
    { jobId: job.jobId },
    { onData: (d: unknown) => seen.push((d as { data: JobState }).data) },
  );
  const done = await eventually('A sees the job done', () => seen.find((s) => s.status === 'done'), 15_000);
  expect(done.downloadPath).toBe(downloadPath);

  expect(await firstProgress(b.client, job.jobId)).toEqual({ code: 'NOT_FOUND' });
  const refused = await download(urlB, downloadPath, b.token);
  expect(refused.status).toBe(404);
  expect(refused.body).toEqual((await download(urlB, unknownPath, b.token)).body);

  // A downloads, also from another session (a new tab after a reload) and through the other gateway.
  const again = await signIn(urlB, 'ops@example.com');
  for (const [url, token] of [
    [urlA, a.token],
    [urlB, again.token],
  ] as const) {
    const file = await download(url, downloadPath, token);
    expect(file.status).toBe(200);
    // An .xlsx is a zip archive.
    expect([...file.body.slice(0, 2)]).toEqual([0x50, 0x4b]);
  }
  expect((await firstProgress(again.client, job.jobId)).data?.status).toBe('done');
  sim.control.restrictInbound(inbound.uid, null);
}

describe('export jobs belong to the users who started or joined them (one gateway)', () => {
  let sim: RunningSim;
  let app: FastifyInstance;
  let url: string;
  const data = testDataDir(undefined);
  beforeAll(async () => {
    sim = await startSim({ port: 0, tickMs: 0, control: true });
    const config = loadConfig({
      BACKEND_URL: sim.url,
      EXPORT_CHECK_MS: '100',
      CHANGE_POLL_MS: '60000',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATA_DIR: data.dir,
    });
    app = await buildApp(config, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('gateway has no port');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    closeClients();
    await app?.close();
    await sim?.close();
    await data.remove();
  });

  it('refuses a join the backend would refuse, and hides the job from others', async () => {
    await exportAccessScenario({ sim, urlA: url, urlB: url });
  }, 30_000);
});

describe('export jobs belong to the users who started or joined them (two replicas on Redis)', () => {
  let redis: RedisServer;
  let sim: RunningSim;
  let web: Awaited<ReturnType<typeof fakeWebDist>>;
  let replicas: Replica[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    sim = await startSim({ port: 0, tickMs: 0, control: true, serviceToken: REPLICA_SERVICE_TOKEN });
    web = await fakeWebDist();
    const env = {
      BACKEND_URL: sim.url,
      REDIS_URL: redis.url,
      EXPORT_CHECK_MS: '100',
      CHANGE_POLL_MS: '60000',
      WEB_DIST: web.dir,
    };
    replicas = await Promise.all(['one', 'two'].map((name) => startReplica(name, env)));
  }, 60_000);
  afterAll(async () => {
    closeClients();
    await Promise.all(replicas.map(stopReplica));
    await sim?.close();
    await redis?.stop();
    await web?.remove();
  });

  it('refuses a join the backend would refuse, and hides the job from others on every replica', async () => {
    const [one, two] = replicas as [Replica, Replica];
    await exportAccessScenario({ sim, urlA: one.url, urlB: two.url });
  }, 30_000);
});
