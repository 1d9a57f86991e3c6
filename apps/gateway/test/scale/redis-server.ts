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
  /** Stops the server answering, its connections left open (a hung server, or a cut that drops packets). */
  freeze(): void;
  /** Lets a frozen server answer again. */
  thaw(): void;
}

export function findRedisServer(): string {
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

export interface StartRedisOptions {
  /** The port (a restart of an earlier server); a free one by default. */
  port?: number;
  /**
   * Persist to an append-only file in this directory, fsync'd on every write (as a deployment with
   * `--appendonly yes` keeps its data over a restart); none by default.
   */
  appendOnlyDir?: string;
  /** A replica of the server on this loopback port. */
  replicaOf?: number;
}

/** An ephemeral redis-server on a free loopback port: no persistence (unless asked), gone when stopped. */
export async function startRedis(opts: StartRedisOptions = {}): Promise<RedisServer> {
  const binary = findRedisServer();
  const port = opts.port ?? (await freePort());
  const persistence = opts.appendOnlyDir
    ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', opts.appendOnlyDir]
    : ['--appendonly', 'no'];
  const child: ChildProcess = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      ...persistence,
      '--protected-mode',
      'yes',
      // A replica loads the primary's data in memory, leaving no dump.rdb in the working directory.
      ...(opts.replicaOf
        ? ['--replicaof', '127.0.0.1', String(opts.replicaOf), '--repl-diskless-load', 'swapdb']
        : []),
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
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
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
