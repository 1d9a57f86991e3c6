/**
 * The `waybill` command run from source as a process (Node with tsx), against a real backend-sim +
 * gateway. Faster than the packed tarball's command, and
 * the same code.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSim } from '@waybill/backend-sim';
import { buildApp, loadConfig } from '@waybill/gateway';
import { type Run, run } from '../scripts/packed-install.mjs';
import { signInWithPassword } from '../src/index.js';

const here = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(here, 'src/cli.ts');

export interface Stack {
  url: string;
  /** A fresh gateway session of ops@example.com. */
  token(): Promise<string>;
  close(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'waybill-gateway-data-'));
  const sim = await startSim({ port: 0, tickMs: 0, orders: 300, inbounds: 10, stores: 5 });
  const app = await buildApp(
    loadConfig({
      BACKEND_URL: sim.url,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      // Its own data folder: another gateway on this machine may hold the default one.
      DATA_DIR: dataDir,
    }),
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${portOf(app.server)}`;
  return {
    url,
    async token() {
      const signedIn = await signInWithPassword({ url, email: 'ops@example.com', password: 'waybill-demo' });
      signedIn.client.close();
      return signedIn.token;
    },
    async close() {
      await app.close();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function portOf(server: Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment of a run: no session from the caller's shell, a config folder of its own. */
export function cliEnv(config: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    XDG_CONFIG_HOME: config,
    WAYBILL_URL: '',
    WAYBILL_TOKEN: '',
    WAYBILL_TIMEOUT: '',
    WAYBILL_DEBUG: '',
    ...extra,
  };
}

/** Runs `waybill args` to its end. */
export function waybill(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Run> {
  return run(process.execPath, ['--import', 'tsx', cli, ...args], {
    cwd: here,
    env,
    ...(input === undefined ? {} : { input }),
  });
}

/** Runs `waybill args` with its stdout's reading end closed from the start, as `waybill … | true`. */
export function waybillIntoClosedPipe(args: string[], env: NodeJS.ProcessEnv): Promise<Omit<Run, 'stdout'>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: here,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
