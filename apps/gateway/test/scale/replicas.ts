import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './redis-server.js';

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

/** One gateway process, configured through the environment as ops run it. */
export async function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: gatewayDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
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
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway ${name} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gateway ${name} did not start within 30 s:\n${output}`);
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
  const text = await (await fetch(`${replica.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith('change_polls_total{') && l.includes('outcome="ok"'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}
