import { startSim } from '@waybill/backend-sim';
import { createWaybillClient, type WaybillClient } from '@waybill/client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

export type RunningSim = Awaited<ReturnType<typeof startSim>>;

export interface Stack {
  sim: RunningSim;
  app: FastifyInstance;
  url: string;
  /** A signed-in client (demo account unless another e-mail is given). */
  signIn(email?: string): Promise<{ client: WaybillClient; token: string }>;
  close(): Promise<void>;
}

/** backend-sim (paused simulator) + a gateway on port 0 with a fast change poll. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const sim = await startSim({ port: 0, tickMs: 0, control: true });
  const config = loadConfig({
    BACKEND_URL: sim.url,
    CHANGE_POLL_MS: '200',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no port');
  const url = `http://127.0.0.1:${address.port}`;
  const clients: WaybillClient[] = [];
  return {
    sim,
    app,
    url,
    async signIn(email = 'ops@example.com') {
      const anonymous = createWaybillClient({ url });
      const { token } = await anonymous.auth.passwordLogin.mutate({ email, password: 'waybill-demo' });
      const client = createWaybillClient({ url, token });
      clients.push(client);
      return { client, token };
    },
    async close() {
      for (const c of clients) c.close();
      await app.close();
      await sim.close();
    },
  };
}

/** Resolves when `predicate` holds, polling every 20 ms; rejects after `ms` with `what` in the message. */
export async function eventually<T>(what: string, probe: () => T | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
