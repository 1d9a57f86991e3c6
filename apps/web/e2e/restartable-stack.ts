import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@waybill/gateway';
import { ensureWebBuilt, type Stack, startTestSim, testGatewayConfig } from './harness.js';

export interface RestartableStack extends Stack {
  /** Stops the gateway as a deploy does (its websockets are closed with 1001); the sim keeps running. */
  stopGateway: () => Promise<void>;
  /** Starts a new gateway on the same address, with the same sessions (its own data directory). */
  startGateway: () => Promise<void>;
}

/**
 * The e2e stack with a gateway that can be stopped and started again on the same port, as a
 * restart or a deploy does. Sessions live in a data directory of its own, so they survive it.
 */
export async function startRestartableStack(env: Record<string, string> = {}): Promise<RestartableStack> {
  ensureWebBuilt();
  const sim = await startTestSim();
  const dataDir = mkdtempSync(join(tmpdir(), 'waybill-e2e-gateway-'));
  const config = testGatewayConfig(sim.url, { DATA_DIR: dataDir, ...env });
  let app: Awaited<ReturnType<typeof buildApp>> | null = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stopGateway = async () => {
    const running = app;
    app = null;
    await running?.close();
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sim,
    stopGateway,
    startGateway: async () => {
      if (app) return;
      const next = await buildApp(config);
      await next.listen({ port, host: '127.0.0.1' });
      app = next;
    },
    close: async () => {
      await stopGateway();
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
