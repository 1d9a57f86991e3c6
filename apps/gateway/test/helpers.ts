import { createTRPCClient, httpBatchLink, type TRPCClient, TRPCClientError } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { type ConfigInput, loadConfig } from '../src/config.js';
import type { AppRouter } from '../src/router.js';
import { testDataDir } from './data-dir.js';

export interface RunningGateway {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** The METRICS_TOKEN test gateways run with: /metrics is served to it only (else not at all). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';

/** The gateway's Prometheus text, read as a scraper would (with the test stacks' METRICS_TOKEN). */
export async function metricsText(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}: is METRICS_TOKEN set?`);
  return response.text();
}

/** A gateway on 127.0.0.1, port 0, silent, with a slow change poll unless told otherwise. */
export async function startGateway(env: Partial<Record<keyof ConfigInput, string>>): Promise<RunningGateway> {
  const data = testDataDir(env.DATA_DIR);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    CHANGE_POLL_MS: '60000',
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // Closing a test stack need not wait for idle keep-alive connections: no balancer sends on them.
    DRAIN_IDLE_CLOSE_MS: '0',
    ...env,
    DATA_DIR: data.dir,
  });
  const app = await buildApp(config, { logger: false }).catch(async (error: unknown) => {
    await data.remove();
    throw error;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no port');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await data.remove();
    },
  };
}

/** A typed HTTP-only client with an optional bearer token (what scripts do). */
export function httpClient(url: string, token?: string): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${url}/trpc`,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
      }),
    ],
  });
}

/** Awaits a failing call and returns its tRPC error. */
export async function trpcError(promise: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCClientError);
    return error as TRPCClientError<AppRouter>;
  }
  throw new Error('expected the call to fail');
}

/** A raw GET of one procedure, as curl would do it. */
export async function rawQuery(
  url: string,
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${url}/trpc/${path}${query}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** A bearer session of a demo user on `url`, as a script signs in. */
export async function bearerToken(url: string, email = 'ops@example.com'): Promise<string> {
  const { token } = await httpClient(url).auth.passwordLogin.mutate({
    email,
    password: 'waybill-demo',
    bearer: true,
  });
  if (!token) throw new Error(`no bearer token for ${email}`);
  return token;
}
