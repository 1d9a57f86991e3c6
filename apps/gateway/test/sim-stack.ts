import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import type { ConfigInput } from '../src/config.js';
import { type RunningGateway, startGateway } from './helpers.js';

export const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };

export interface SimStack {
  sim: RunningSim;
  gateway: RunningGateway;
  url: string;
  webDist: string;
  close(): Promise<void>;
}

/** A bearer session token of the demo user, signed in through the gateway at `url`. */
export async function demoBearerToken(url: string): Promise<string> {
  const login = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, bearer: true }),
  });
  return ((await login.json()) as { result: { data: { token: string } } }).result.data.token;
}

/** backend-sim (simulator paused) and a gateway in front of it, both on 127.0.0.1 port 0. */
export async function startSimStack(env: Partial<Record<keyof ConfigInput, string>> = {}): Promise<SimStack> {
  const sim = await startSim({ port: 0, tickMs: 0, orders: 600, inbounds: 120, stores: 60 });
  const webDist = await mkdtemp(join(tmpdir(), 'waybill-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const gateway = await startGateway({ BACKEND_URL: sim.url, WEB_DIST: webDist, ...env });
  return {
    sim,
    gateway,
    url: gateway.url,
    webDist,
    async close() {
      await gateway.close();
      await sim.close();
      await rm(webDist, { recursive: true, force: true });
    },
  };
}
