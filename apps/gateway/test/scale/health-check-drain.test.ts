import { connect } from 'node:net';
import { startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDataDir } from '../data-dir.js';
import type { RunningSim } from '../realtime/harness.js';
import { fakeWebDist, REPLICA_SERVICE_TOKEN, STACK_START_MS, startReplica } from './replicas.js';

/** Short, so the old failure (held to the grace end, exit 1) shows quickly. */
const GRACE_MS = 5000;
/** Envoy's and HAProxy's checks come every few seconds; faster here, well under DRAIN_IDLE_CLOSE_MS. */
const CHECK_EVERY_MS = 250;

/**
 * A balancer's health check: one kept-alive connection asking `path` on a timer until it closes.
 * The timer is the checker's own cadence, not a wait on the gateway.
 */
function healthChecker(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let raw = '';
  socket.on('data', (c: Buffer) => {
    raw += c.toString();
  });
  socket.on('error', () => {});
  const ask = () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  const timer = setInterval(ask, CHECK_EVERY_MS);
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve();
    }),
  );
  ask();
  return {
    closed,
    /** Status and `connection` header of each answer so far. */
    answers: () =>
      raw
        .split(/HTTP\/1\.1 (?=\d{3} [A-Z])/)
        .slice(1)
        .map((answer) => ({
          status: Number(answer.slice(0, 3)),
          connection: /^connection: *(\S+)/im.exec(answer.split('\r\n\r\n')[0] ?? '')?.[1] ?? '',
        })),
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe('SIGTERM while a balancer health-checks on a kept-alive connection', {
  timeout: STACK_START_MS,
}, () => {
  let sim: RunningSim;
  let web: Awaited<ReturnType<typeof fakeWebDist>>;
  const data = testDataDir(undefined);

  beforeAll(async () => {
    sim = await startSim({ port: 0, tickMs: 0, serviceToken: REPLICA_SERVICE_TOKEN });
    web = await fakeWebDist();
  }, 60_000);
  afterAll(async () => {
    await sim?.close();
    await web?.remove();
    await data.remove();
  });

  it('answers the /readyz asked during the drain 503 with Connection: close, and exits 0 within the grace', async () => {
    const replica = await startReplica('readyz-poll', {
      BACKEND_URL: sim.url,
      WEB_DIST: web.dir,
      DATA_DIR: data.dir,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    const checker = healthChecker(replica.url, '/readyz');
    try {
      await vi.waitFor(() => expect(checker.answers().filter((a) => a.status === 200)).toHaveLength(2), {
        timeout: 20_000,
        interval: 20,
      });
      const signalledAt = Date.now();
      replica.child.kill('SIGTERM');
      const exit = await replica.exited;
      const tookMs = Date.now() - signalledAt;
      await checker.closed;
      const context = `${JSON.stringify(checker.answers())}\n${replica.output()}`;
      expect(exit.code, context).toBe(0);
      expect(tookMs, context).toBeLessThan(GRACE_MS);
      // Before the drain the checker keeps its connection; the first answer of the drain ends it.
      const answers = checker.answers();
      const draining = answers.filter((a) => a.status === 503);
      expect(draining, context).toEqual([{ status: 503, connection: 'close' }]);
      expect(answers.at(-1), context).toEqual({ status: 503, connection: 'close' });
      expect(
        answers.slice(0, -1).every((a) => a.status === 200 && a.connection === 'keep-alive'),
        context,
      ).toBe(true);
    } finally {
      checker.stop();
      if (replica.child.exitCode === null) replica.child.kill('SIGKILL');
    }
  });
});
