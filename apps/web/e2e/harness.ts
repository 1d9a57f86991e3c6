import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { buildApp, loadConfig } from '@waybill/gateway';
import type { BrowserContext } from 'playwright-core';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Builds the console when apps/web/dist is missing or older than its sources, contracts' rules
 * included (the console bundles them: a changed rule must not be tested against an old build).
 */
export function ensureWebBuilt(): void {
  const index = join(distDir, 'index.html');
  const sources = Math.max(
    newestMtime(join(webDir, 'src')),
    newestMtime(join(webDir, 'index.html')),
    newestMtime(join(webDir, '..', '..', 'packages', 'contracts', 'src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  // The production build users get: vitest sets NODE_ENV=test, which would make vite bundle React's
  // development build (jsx-dev-runtime, about 60 KB more) and test something nobody runs.
  const result = spawnSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

export interface Stack {
  baseUrl: string;
  sim: RunningSim;
  close: () => Promise<void>;
}

/** The e2e backend-sim: control on, no ticking; `data` changes its data set sizes. */
export function startTestSim(data: { orders?: number; inbounds?: number; stores?: number } = {}) {
  return startSim({ port: 0, tickMs: 0, control: true, orders: 600, inbounds: 120, stores: 60, ...data });
}

/** The gateway's configuration in the e2e stack, in front of the sim at `simUrl`. */
export function testGatewayConfig(simUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    BACKEND_URL: simUrl,
    // As `pnpm start` does: the sim serves product images over plain http.
    IMAGE_ORIGINS: simUrl,
    WEB_DIST: distDir,
    CHANGE_POLL_MS: '300',
    SERVICE_TOKEN: 'dev-service-token',
    PASSWORD_LOGIN: 'on',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Closing a test stack need not wait for idle keep-alive connections: no balancer sends on them.
    DRAIN_IDLE_CLOSE_MS: '0',
    // A store of its own per stack: stacks of other runs on the machine hold theirs locked.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'waybill-e2e-data-')),
    // Changes are sent as they are saved: files that test the undo window set their own.
    UNDO_WINDOW_MS: '0',
    ...env,
  });
}

/**
 * The real stack on loopback: backend-sim (control on, no ticking) and the gateway serving dist.
 * `data` changes the sim's data set sizes (say, more stores for store health).
 */
export async function startStack(
  env: Record<string, string> = {},
  data: { orders?: number; inbounds?: number; stores?: number } = {},
): Promise<Stack> {
  ensureWebBuilt();
  const sim = await startTestSim(data);
  const app = await buildApp(testGatewayConfig(sim.url, env));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sim,
    close: async () => {
      await app.close();
      await sim.close();
    },
  };
}

/**
 * Signs a browser context in with a demo user's password. The request context shares the browser
 * context's cookie jar, so the HttpOnly session cookie lands there.
 */
export async function signInContext(
  context: BrowserContext,
  baseUrl: string,
  email = 'ops@example.com',
): Promise<void> {
  const res = await context.request.post(`${baseUrl}/trpc/auth.passwordLogin`, {
    data: { email, password: 'waybill-demo' },
  });
  if (!res.ok()) throw new Error(`sign-in as ${email} failed: ${res.status()} ${await res.text()}`);
}
