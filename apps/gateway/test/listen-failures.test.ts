import { createServer, type Server } from 'node:net';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './scale/redis-server.js';
import { spawnServer } from './server-process.js';

let sim: RunningSim;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0 });
});
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});
afterAll(async () => {
  await sim?.close();
});

/** Another process's listener on a port, as a second gateway or a stray service would hold it. */
async function holdPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as { port: number }).port;
}

/** src/server.ts run to its end: its exit code, stderr and the log lines of level error or worse. */
function runGateway(env: Record<string, string>) {
  const { proc, removeData } = spawnServer({ BACKEND_URL: sim.url, WEB_DIST: '/nonexistent', ...env });
  cleanups.push(removeData);
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  proc.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  // A process that did start is a failure of the test: it must not outlive it.
  cleanups.push(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });
  return new Promise<{ code: number | null; stderr: string; errors: string[] }>((resolve) =>
    proc.on('exit', (code) =>
      resolve({
        code,
        stderr,
        errors: stdout.split('\n').filter((l) => /"level":(50|60)/.test(l)),
      }),
    ),
  );
}

describe('a listener that cannot open stops the start with one line naming the variable', {
  timeout: 120_000,
}, () => {
  it.each([
    ['alone', false],
    ['with its /metrics listener open on METRICS_PORT', true],
  ])('PORT already in use, %s', async (_how, withMetrics) => {
    const port = await holdPort();
    const metrics: Record<string, string> = withMetrics ? { METRICS_PORT: String(await freePort()) } : {};
    const run = await runGateway({ PORT: String(port), ...metrics });
    expect(run).toEqual({
      code: 1,
      stderr: `Cannot start: PORT ${port} is already in use on 127.0.0.1\n`,
      errors: [],
    });
  });

  it('METRICS_PORT the same as PORT', async () => {
    const port = await freePort();
    const run = await runGateway({ PORT: String(port), METRICS_PORT: String(port) });
    expect(run).toEqual({
      code: 1,
      stderr: `Cannot start: METRICS_PORT ${port} is the same as PORT: the /metrics listener needs a port of its own\n`,
      errors: [],
    });
  });

  it('METRICS_PORT already in use', async () => {
    const port = await holdPort();
    const run = await runGateway({ PORT: '0', METRICS_PORT: String(port) });
    expect(run).toEqual({
      code: 1,
      stderr: `Cannot start: METRICS_PORT ${port} is already in use on 127.0.0.1\n`,
      errors: [],
    });
  });

  it('HOST that does not resolve', async () => {
    const run = await runGateway({ PORT: '0', HOST: 'not-a-host.invalid' });
    expect(run).toEqual({
      code: 1,
      stderr: 'Cannot start: HOST not-a-host.invalid does not resolve\n',
      errors: [],
    });
  });
});
