#!/usr/bin/env node
// `npm start` / `pnpm start`: the console on the embedded backend. Brings pnpm and the workspace's
// dependencies when they are missing, builds the web app if it is missing, then runs backend-sim and
// the gateway as child processes until Ctrl-C / SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ensureDependencies, ensurePnpm, ensureSupportedNode } from './bootstrap.mjs';

const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'apps/web');
const webDist = join(webDir, 'dist');
const gatewayPort = Number(process.env.PORT ?? 3000);
const simPort = Number(process.env.SIM_PORT ?? 4000);
// One of its own per run unless set: the gateway (NODE_ENV production by default) refuses the
// development default, and only these two processes need to know it.
const serviceToken = process.env.SERVICE_TOKEN ?? randomBytes(24).toString('hex');
const host = process.env.HOST ?? '127.0.0.1';

const log = (message) => console.log(`[start] ${message}`);

function buildWebIfMissing() {
  if (existsSync(join(webDist, 'index.html'))) return;
  const pkgFile = join(webDir, 'package.json');
  const scripts = existsSync(pkgFile) ? (JSON.parse(readFileSync(pkgFile, 'utf8')).scripts ?? {}) : {};
  if (!scripts.build) {
    log('apps/web has no build script yet: the gateway will serve the API only');
    return;
  }
  log('apps/web/dist is missing: building the console (pnpm --filter @waybill/web build)');
  const result = spawnSync('pnpm', ['--filter', '@waybill/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) log('the web build failed: the gateway will serve the API only');
}

/**
 * Runs a package's src/server.ts with tsx loaded in-process, so signals reach the server directly.
 * Each in a process group of its own: Ctrl-C in the terminal reaches this launcher alone, which
 * stops each server with one SIGTERM (a server that also got the terminal's SIGINT would take the
 * second signal as "exit now" and skip its graceful close).
 */
function startChild(name, dir, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(root, dir),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.name = name;
  return child;
}

function waitForPort(port, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null || child.signalCode !== null)
        return reject(new Error(`${child.name} exited`));
      const socket = connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`${child.name} did not listen on port ${port}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

const children = [];
let stopping = false;
let exitCode = 0;

function stopAll(signal = 'SIGTERM') {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

function watch(child) {
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`${child.name} exited (${signal ?? code}); stopping the rest`);
      stopping = true;
      exitCode = code || 1;
      stopAll();
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}

// The servers are not in this launcher's process group: however it ends, they end with it.
process.on('exit', () => stopAll('SIGKILL'));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) {
      log('stopping now');
      stopAll('SIGKILL');
      return;
    }
    stopping = true;
    log('stopping backend-sim and gateway (press Ctrl-C again to force)');
    stopAll('SIGTERM');
  });
}

await ensureSupportedNode();
ensurePnpm();
ensureDependencies();
buildWebIfMissing();

const sim = startChild('backend-sim', 'apps/backend-sim', {
  PORT: String(simPort),
  HOST: host,
  SERVICE_TOKEN: serviceToken,
  // PUBLIC_URL names the console (the gateway's); the sim's own links use SIM_PUBLIC_URL, else its address.
  PUBLIC_URL: process.env.SIM_PUBLIC_URL ?? '',
});
watch(sim);
try {
  await waitForPort(simPort, sim);
} catch (error) {
  log(error.message);
  stopping = true;
  stopAll();
  process.exit(1);
}

const gateway = startChild('gateway', 'apps/gateway', {
  PORT: String(gatewayPort),
  HOST: host,
  BACKEND_URL: `http://127.0.0.1:${simPort}`,
  SERVICE_TOKEN: serviceToken,
  WEB_DIST: webDist,
  // The sim serves product images over plain http from its own address.
  IMAGE_ORIGINS: `http://127.0.0.1:${simPort}`,
  // Google sign-in returns only to the console's configured address: PUBLIC_URL when given (a
  // console opened on another host name), else http://localhost and http://127.0.0.1 at PORT.
  PUBLIC_URL: process.env.PUBLIC_URL ?? '',
});
watch(gateway);
try {
  await waitForPort(gatewayPort, gateway);
} catch (error) {
  log(error.message);
  stopping = true;
  stopAll();
  process.exit(1);
}

const shown = host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host;
console.log(`
  Waybill console   ${process.env.PUBLIC_URL || `http://${shown}:${gatewayPort}`}
  Backend (sim)     http://127.0.0.1:${simPort}
  Demo sign-in      ops@example.com / waybill-demo
  Ctrl-C stops both.
`);
