import type { FastifyInstance } from 'fastify';
import { buildSimApp, type SimRuntime } from './app.js';
import type { SimControl } from './control.js';
import type { SimOptions } from './options.js';
import type { SimStore } from './store.js';

export { buildSimApp, type SimRuntime } from './app.js';
export type { SimControl, SimFault, SimFaultKind } from './control.js';
export { DEMO_PASSWORD } from './data/generate-reference.js';
export { DEFAULT_SIM_OPTIONS, optionsFromEnv, resolveOptions, type SimOptions } from './options.js';
export type { OrderPatch, TickResult } from './simulator.js';
export { SimStore } from './store.js';

export interface RunningSim {
  /** Base URL of the listening sim, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  close(): Promise<void>;
  control: SimControl;
  store: SimStore;
  app: FastifyInstance;
  runtime: SimRuntime;
}

/** Generate the data set and listen (127.0.0.1, random port unless given). */
export async function startSim(options: Partial<SimOptions> = {}): Promise<RunningSim> {
  const app = buildSimApp(options);
  const { options: resolved, store, control } = app.sim;
  await app.listen({ port: resolved.port, host: resolved.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : resolved.port;
  const reachableHost = resolved.host === '0.0.0.0' || resolved.host === '::' ? '127.0.0.1' : resolved.host;
  const url = `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${port}`;
  if (!resolved.publicUrl) store.baseUrl = url;
  return {
    url,
    port,
    close: () => app.close(),
    control,
    store,
    app,
    runtime: app.sim,
  };
}
