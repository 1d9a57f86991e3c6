import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis, type RedisOptions } from 'ioredis';

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

export interface RedisServer {
  url: string;
  port: number;
  /** A client of this server (`options` on top of ioredis's defaults); `stop` disconnects it. */
  connect(options?: RedisOptions): Redis;
  /** Disconnects the clients `connect` made, then kills the server. */
  stop(): Promise<void>;
}

function findRedisServer(): string {
  const candidates = [process.env.REDIS_SERVER, '/usr/bin/redis-server', 'redis-server'].filter(
    (c): c is string => Boolean(c),
  );
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {}
  }
  // Fail, never skip: CI installs it and these tests are the proof of multi-replica mode.
  throw new Error(
    'redis-server is not installed: the multi-replica tests need it (apt-get install -y redis-server, or set REDIS_SERVER)',
  );
}

/** An ephemeral redis-server on a free loopback port: no persistence, gone when stopped. */
export async function startRedis(): Promise<RedisServer> {
  const binary = findRedisServer();
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Ready when it says so; the limit is only there so a server that hangs fails the run.
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within 30 s:\n${output}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(limit);
      child.off('exit', exited);
      resolve();
    };
    const exited = (code: number | null) => {
      clearTimeout(limit);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', exited);
  });
  const url = `redis://127.0.0.1:${port}`;
  const clients: Redis[] = [];
  return {
    url,
    port,
    connect(options = {}) {
      const client = new Redis(url, options);
      clients.push(client);
      return client;
    },
    stop: () => {
      for (const client of clients.splice(0)) client.disconnect();
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
  };
}
