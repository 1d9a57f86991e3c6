import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { findRedisServer, freePort } from './redis-server.js';

/**
 * Redis Sentinels on loopback, as Debian's `redis-sentinel` runs them (that program is redis-server
 * in Sentinel mode, so only redis-server needs to be installed). Short timeouts: a dead primary is
 * noticed after 1 s and replaced within seconds.
 */
export interface Sentinels {
  masterName: string;
  /** REDIS_SENTINELS for the gateways. */
  addresses: string;
  /** The primary's port as the Sentinels name it now. */
  primaryPort(): Promise<number>;
  stop(): Promise<void>;
}

const DOWN_AFTER_MS = 1000;
/** Also how long a failed election waits before the next attempt (twice this). */
const FAILOVER_TIMEOUT_MS = 4000;
const START_MS = 30_000;

async function startOne(
  port: number,
  dir: string,
  primaryPort: number,
  masterName: string,
): Promise<ChildProcess> {
  const file = join(dir, `sentinel-${port}.conf`);
  // Sentinel rewrites its file as it learns the others and the replicas: one writable file each.
  await writeFile(
    file,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${masterName} 127.0.0.1 ${primaryPort} 2`,
      `sentinel down-after-milliseconds ${masterName} ${DOWN_AFTER_MS}`,
      `sentinel failover-timeout ${masterName} ${FAILOVER_TIMEOUT_MS}`,
      `sentinel parallel-syncs ${masterName} 1`,
      '',
    ].join('\n'),
  );
  const child = spawn(findRedisServer(), [file, '--sentinel'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis sentinel did not start within ${START_MS / 1000} s:\n${output}`));
    }, START_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('+monitor master')) return;
      clearTimeout(limit);
      child.off('exit', exited);
      resolve();
    };
    const exited = (code: number | null) => {
      clearTimeout(limit);
      reject(new Error(`redis sentinel exited with ${code}:\n${output}`));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', exited);
  });
  return child;
}

/**
 * `count` Sentinels (quorum 2) watching the primary on `primaryPort` and its replicas; resolves once
 * each knows the others and at least one replica, so a failover can be agreed on.
 */
export async function startSentinels(opts: {
  primaryPort: number;
  count: number;
  masterName?: string;
}): Promise<Sentinels> {
  const masterName = opts.masterName ?? 'waybill';
  const dir = await mkdtemp(join(tmpdir(), 'waybill-sentinel-'));
  const children: ChildProcess[] = [];
  const clients: Redis[] = [];
  const stop = async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await Promise.all(
      children.splice(0).map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const ports: number[] = [];
    for (let i = 0; i < opts.count; i++) {
      const port = await freePort();
      children.push(await startOne(port, dir, opts.primaryPort, masterName));
      ports.push(port);
      clients.push(new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 1, lazyConnect: true }));
    }
    const end = Date.now() + START_MS;
    for (const client of clients) {
      for (;;) {
        const others = (await client.call('SENTINEL', 'SENTINELS', masterName)) as unknown[];
        const replicas = (await client.call('SENTINEL', 'REPLICAS', masterName)) as unknown[];
        if (others.length === opts.count - 1 && replicas.length > 0) break;
        if (Date.now() > end) throw new Error('the sentinels did not find each other and the replica');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return {
      masterName,
      addresses: ports.map((p) => `127.0.0.1:${p}`).join(','),
      async primaryPort() {
        const [, port] = (await clients[0]!.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName)) as [
          string,
          string,
        ];
        return Number(port);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
