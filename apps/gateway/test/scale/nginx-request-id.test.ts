import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../helpers.js';
import { type Nginx, startNginx } from './nginx.js';

// Behind the shipped balancer a client cannot choose its request id: nginx names each request itself,
// and the gateway, trusting nginx, takes that id (the one nginx's own log can show).
describe('request ids behind the shipped nginx', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let nginx: Nginx;

  beforeAll(async () => {
    sim = await startSim({ port: 0, tickMs: 0 });
    gateway = await startGateway({ BACKEND_URL: sim.url, TRUST_PROXY: '127.0.0.1' });
    nginx = await startNginx([Number(new URL(gateway.url).port)]);
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await gateway?.close();
    await sim?.close();
  });

  it("replaces a client's X-Request-Id with the balancer's own", async () => {
    const forged = 'ops-attacker-forged-0001';
    const ids = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${nginx.url}/healthz`, { headers: { 'x-request-id': forged } });
      expect(answer.status).toBe(200);
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(2);
    // Straight to the gateway from its trusted proxy's address, the header would be kept: the
    // balancer is what stands between the client and that trust.
    const direct = await fetch(`${gateway.url}/healthz`, { headers: { 'x-request-id': forged } });
    expect(direct.headers.get('x-request-id')).toBe(forged);
  });
});
