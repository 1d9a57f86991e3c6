import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDrain } from './drain.js';

/** A server with the drain, its clock in the test's hands. */
async function drainingServer(idleCloseMs: number) {
  let clock = 1_000_000;
  const app = Fastify();
  installDrain(app, { wsCloseWaitMs: 100, idleCloseMs, now: () => clock });
  app.post('/work', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, advance: (ms: number) => (clock += ms) };
}

/** A POST on the agent's kept-alive connection: the status and the connection it used. */
function post(
  port: number,
  agent: Agent,
): Promise<{ status: number; connection: string | undefined; local: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/work', method: 'POST', agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          local: req.socket?.localPort ?? 0,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const apps: Array<{ close: () => Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('the drain and idle keep-alive connections', () => {
  it('answers a POST sent on a connection that was idle when the drain began, then closes it', async () => {
    const { app, port, advance } = await drainingServer(3000);
    apps.push(app);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await post(port, agent);
    expect(first.status).toBe(200);

    const drained = app.drain();
    // A balancer sends the next request on its idle connection a moment into the drain: it must
    // reach the gateway (the listener is closed, so a new connection would be refused).
    advance(1000);
    const second = await post(port, agent);
    expect(second).toMatchObject({ status: 200, connection: 'close', local: first.local });
    await drained;
    agent.destroy();
  });

  it('closes a connection left idle for idleCloseMs, and the drain ends', async () => {
    const { app, port, advance } = await drainingServer(3000);
    apps.push(app);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await post(port, agent);
    let done = false;
    const drained = app.drain().then(() => {
      done = true;
    });
    expect(done).toBe(false);
    advance(3000);
    await vi.waitFor(() => expect(done).toBe(true), { timeout: 10_000 });
    await drained;
    agent.destroy();
  });
});
