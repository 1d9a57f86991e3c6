import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError } from './config.js';

type Addresses = Pick<Config, 'PORT' | 'HOST' | 'METRICS_PORT' | 'METRICS_HOST'>;

/**
 * Opens the main port; the /metrics listener (METRICS_PORT) opens just before it, in onReady. A
 * failure stops the start like a bad setting does: one line naming the variable to fix, no stack
 * (server.ts prints a ConfigError's message alone).
 */
export async function listenOrExplain(app: FastifyInstance, config: Addresses): Promise<void> {
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const metricsFailed = config.METRICS_PORT !== undefined && app.metricsAddress() === null;
    throw new ConfigError(listenProblem(error, config, metricsFailed ? 'metrics' : 'main'));
  }
}

/** What a failed listen means for the settings, in the words of the variables that name them. */
export function listenProblem(error: unknown, config: Addresses, listener: 'main' | 'metrics'): string {
  const code = (error as { code?: unknown }).code;
  const metrics = listener === 'metrics';
  const portName = metrics ? 'METRICS_PORT' : 'PORT';
  const hostName = metrics ? 'METRICS_HOST' : 'HOST';
  const port = metrics ? config.METRICS_PORT : config.PORT;
  const host = metrics ? config.METRICS_HOST : config.HOST;
  switch (code) {
    case 'EADDRINUSE':
      // Port 0 is a new free port for each listener: only a fixed one can be shared by mistake.
      if (config.METRICS_PORT === config.PORT && config.PORT !== 0)
        return `Cannot start: METRICS_PORT ${config.PORT} is the same as PORT: the /metrics listener needs a port of its own`;
      return `Cannot start: ${portName} ${port} is already in use on ${host}`;
    case 'EACCES':
      return `Cannot start: ${portName} ${port} on ${host} is not allowed for this process (ports below 1024 need privileges)`;
    case 'EADDRNOTAVAIL':
      return `Cannot start: ${hostName} ${host} is not an address of this machine`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return `Cannot start: ${hostName} ${host} does not resolve`;
    default: {
      const reason = error instanceof Error ? error.message : String(error);
      return `Cannot start: no listener on ${hostName} ${host}, ${portName} ${port}: ${reason}`;
    }
  }
}
