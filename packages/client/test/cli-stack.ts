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
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { buildApp, loadConfig } from '@waybill/gateway';
import { type Run, run } from '../scripts/packed-install.mjs';
import { signInWithPassword } from '../src/index.js';

const here = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(here, 'src/cli.ts');

export interface Stack {
  url: string;
  sim: RunningSim;
  /** A fresh gateway session of ops@example.com. */
  token(): Promise<string>;
  /** Stops the gateway (its in-memory export jobs go with it); the backend keeps running. */
  stopGateway(): Promise<void>;
  /** Starts a new gateway on the same address, where the same tokens still work (and `config` on top, if given). */
  startGateway(config?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * `gateway`: configuration the test needs besides the defaults (WS_MAX_PER_USER, EXPORT_CHECK_MS…);
 * `orders`: how many orders the backend starts with (300).
 */
export async function startStack(
  options: { gateway?: Record<string, string>; orders?: number } = {},
): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'waybill-gateway-data-'));
  const sim = await startSim({ port: 0, tickMs: 0, orders: options.orders ?? 300, inbounds: 10, stores: 5 });
  const gateway = async (port: number, config: Record<string, string> = {}) => {
    const started = await buildApp(
      loadConfig({
        BACKEND_URL: sim.url,
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        // Its own data folder: another gateway on this machine may hold the default one.
        DATA_DIR: dataDir,
        ...options.gateway,
        ...config,
      }),
      { logger: false },
    );
    await started.listen({ port, host: '127.0.0.1' });
    return started;
  };
  let app: Awaited<ReturnType<typeof gateway>> | null = await gateway(0);
  const port = portOf(app.server);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    sim,
    async stopGateway() {
      await app?.close();
      app = null;
    },
    async startGateway(config) {
      app ??= await gateway(port, config);
    },
    async token() {
      const signedIn = await signInWithPassword({ url, email: 'ops@example.com', password: 'waybill-demo' });
      signedIn.client.close();
      return signedIn.token;
    },
    async close() {
      await app?.close();
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

export interface Running {
  /** Whole lines written to stdout so far. */
  lines: string[];
  stderr(): string;
  /** Its exit code; null when a signal ended it (`signal()` names it). */
  exited: Promise<number | null>;
  signal(): NodeJS.Signals | null;
  /** Sends SIGINT, as Ctrl-C does, or the signal given. */
  stop(signal?: NodeJS.Signals): void;
}

/** Starts `waybill args` and follows its output while it runs (`orders watch`, a long export). */
export function startWaybill(args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    cwd: here,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let ending: NodeJS.Signals | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code, signal) => {
      ending = signal;
      resolve(code);
    }),
  );
  return {
    lines,
    stderr: () => stderr,
    exited,
    signal: () => ending,
    stop: (signal = 'SIGINT') => child.kill(signal),
  };
}

/** A script token made as the console does: a cookie session (no bearer) calls tokens.create. */
export async function consoleScriptToken(url: string, name: string): Promise<string> {
  const login = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const made = await fetch(`${url}/trpc/tokens.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name }),
  });
  const body = (await made.json()) as { result?: { data: { token: string } } };
  if (!body.result) throw new Error(`tokens.create failed: ${JSON.stringify(body)}`);
  return body.result.data.token;
}
