import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';

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
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 10_000;
  while (!output.includes('Ready to accept connections')) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start within 10 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
