import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { type AccessLine, type Nginx, startNginx } from '../test/scale/nginx.js';
import { type RedisServer, startRedis } from '../test/scale/redis-server.js';
import { REPLICA_SERVICE_TOKEN, type Replica, startReplica, stopReplica } from '../test/scale/replicas.js';
import { type Sentinels, startSentinels } from '../test/scale/sentinel.js';
import { log, until } from './figures.js';

/** A Redis server of the Sentinel set, with the directory its append-only file lives in. */
interface RedisNode {
  server: RedisServer;
  dir: string;
}

/**
 * The scale deployment on loopback, each part a real process but the backend: backend-sim (in this
 * process, so the scenario changes orders and sets faults directly), a Redis primary and a replica
 * persisting to append-only files, three Sentinels, two gateways finding Redis through the Sentinels,
 * and nginx in front as deploy/nginx.conf configures it.
 */
export interface ChaosStack {
  sim: RunningSim;
  sentinels: Sentinels;
  gateways: Replica[];
  nginx: Nginx;
  /** Every line nginx logged, over its restarts too. */
  accessLog(): Promise<AccessLine[]>;
  /**
   * SIGTERM, wait for the exit, run `meanwhile`, start it again on its port (serving `webDist` if
   * given) and wait until nginx routes to it again.
   */
  restartGateway(index: number, opts?: { webDist?: string; meanwhile?: () => void }): Promise<void>;
  /** The current primary stopped and started again on its port from its append-only file. */
  restartRedisPrimary(meanwhile?: () => void): Promise<{ primaryPort: number; failedOver: boolean }>;
  /** The current primary SIGKILLed; resolves once the Sentinels promoted the replica. */
  killRedisPrimary(meanwhile?: () => void): Promise<{ killedPort: number; promotedPort: number }>;
  /** The old primary back as a replica of the new one. */
  rejoinRedis(port: number): Promise<void>;
  stopNginx(): Promise<void>;
  startNginx(): Promise<void>;
  close(): Promise<void>;
}

export interface ChaosStackOptions {
  webDist: string;
  /** On top of what every gateway gets: the backend, the Sentinels, the console. */
  env: Record<string, string>;
}

export async function startChaosStack(opts: ChaosStackOptions): Promise<ChaosStack> {
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    // The service token the gateways are given (a production gateway refuses the development default).
    const sim = await startSim({
      port: 0,
      tickMs: 0,
      control: true,
      serviceToken: REPLICA_SERVICE_TOKEN,
      orders: 600,
      inbounds: 120,
      stores: 60,
    });
    cleanups.push(() => sim.close());
    const nodes = new Map<number, RedisNode>();
    cleanups.push(async () => {
      for (const node of nodes.values()) {
        await node.server.stop();
        await rm(node.dir, { recursive: true, force: true });
      }
    });
    const startNode = async (port?: number, replicaOf?: number, dir?: string) => {
      const appendOnlyDir = dir ?? (await mkdtemp(join(tmpdir(), 'waybill-chaos-redis-')));
      const server = await startRedis({
        appendOnlyDir,
        ...(port ? { port } : {}),
        ...(replicaOf ? { replicaOf } : {}),
      });
      nodes.set(server.port, { server, dir: appendOnlyDir });
      return server;
    };
    const primary = await startNode();
    const standby = await startNode(undefined, primary.port);
    const check = standby.connect();
    await until(
      'the Redis replica in sync',
      async () => (await check.info('replication')).includes('master_link_status:up'),
      30_000,
    );
    const sentinels = await startSentinels({ primaryPort: primary.port, count: 3 });
    cleanups.push(() => sentinels.stop());

    const env = (webDist: string) => ({
      BACKEND_URL: sim.url,
      IMAGE_ORIGINS: sim.url,
      REDIS_SENTINELS: sentinels.addresses,
      REDIS_MASTER_NAME: sentinels.masterName,
      WEB_DIST: webDist,
      ...opts.env,
    });
    const started = await Promise.allSettled(['a', 'b'].map((name) => startReplica(name, env(opts.webDist))));
    const gateways = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    cleanups.push(async () => {
      await Promise.all(gateways.map(stopReplica));
    });
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const ports = gateways.map((g) => Number(new URL(g.url).port));

    let nginx = await startNginx(ports);
    const nginxPort = Number(new URL(nginx.url).port);
    const earlierLines: AccessLine[] = [];
    cleanups.push(() => nginx.stop());

    /** Until nginx has sent a request to `port` again (it skips a replica that refused for a while). */
    const routedTo = async (port: number) => {
      const seen = (await nginx.accessLog()).length;
      await until(
        `nginx sending requests to 127.0.0.1:${port}`,
        async () => {
          await fetch(`${nginx.url}/healthz`).catch(() => undefined);
          return (await nginx.accessLog())
            .slice(seen)
            .some((l) => l.status === 200 && l.upstreams.at(-1) === `127.0.0.1:${port}`);
        },
        60_000,
      );
    };

    const primaryNode = async () => {
      const port = await sentinels.primaryPort();
      const node = nodes.get(port);
      if (!node) throw new Error(`the Sentinels name an unknown primary on ${port}`);
      return { port, node };
    };

    const stack: ChaosStack = {
      sim,
      sentinels,
      gateways,
      get nginx() {
        return nginx;
      },
      accessLog: async () => [...earlierLines, ...(await nginx.accessLog())],
      async restartGateway(index, { webDist, meanwhile } = {}) {
        const gateway = gateways[index]!;
        const port = Number(new URL(gateway.url).port);
        gateway.child.kill('SIGTERM');
        const exit = await gateway.exited;
        if (exit.code !== 0)
          throw new Error(
            `gateway ${gateway.name} exited with ${exit.code ?? exit.signal}:\n${gateway.output()}`,
          );
        meanwhile?.();
        const next = await startReplica(gateway.name, env(webDist ?? opts.webDist), port);
        gateways[index] = next;
        await routedTo(port);
        log(`gateway ${gateway.name} restarted and routed to`);
      },
      async restartRedisPrimary(meanwhile) {
        const { port, node } = await primaryNode();
        await node.server.stop();
        nodes.delete(port);
        meanwhile?.();
        await startNode(port, undefined, node.dir);
        // A restart slower than the Sentinels' down-after makes them promote the replica meanwhile.
        const now = await sentinels.primaryPort();
        return { primaryPort: port, failedOver: now !== port };
      },
      async killRedisPrimary(meanwhile) {
        const { port, node } = await primaryNode();
        await node.server.stop();
        nodes.delete(port);
        meanwhile?.();
        await until(
          'the Sentinels promoting the replica',
          async () => (await sentinels.primaryPort()) !== port,
          60_000,
        );
        cleanups.push(() => rm(node.dir, { recursive: true, force: true }));
        return { killedPort: port, promotedPort: await sentinels.primaryPort() };
      },
      async rejoinRedis(port) {
        const dir = await mkdtemp(join(tmpdir(), 'waybill-chaos-redis-'));
        await startNode(port, await sentinels.primaryPort(), dir);
      },
      async stopNginx() {
        earlierLines.push(...(await nginx.accessLog()));
        await nginx.stop();
      },
      async startNginx() {
        nginx = await startNginx(
          gateways.map((g) => Number(new URL(g.url).port)),
          nginxPort,
        );
      },
      close,
    };
    return stack;
  } catch (error) {
    await close();
    throw error;
  }
}
