import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { call, EPOCH, login, startTestSim } from './helpers.js';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 200, inbounds: 60, stores: 30, control: true });
});
afterAll(() => sim.close());

describe('rows asked', () => {
  it('sums the limit of each body per route pattern, resets with the call counts', async () => {
    const token = await login(sim);
    await call(sim, 'POST', '/__sim/call-counts/reset');
    await call(sim, 'POST', '/inventory_receipts/search', { token, body: { skip: 0, limit: 40 } });
    await call(sim, 'POST', '/inventory_receipts/search', { token, body: { skip: 0, limit: 20 } });
    await call(sim, 'POST', '/orders/search/filter', {
      token,
      body: { skip: 0, limit: 5, managed_by: 'waybill' },
    });
    // No body, no limit: not counted.
    await call(sim, 'GET', '/users/me', { token });
    const http = await call(sim, 'GET', '/__sim/rows-asked');
    expect((http.json as { data: Record<string, number> }).data).toEqual({
      '/inventory_receipts/search': 60,
      '/orders/search/filter': 5,
    });
    await call(sim, 'POST', '/__sim/call-counts/reset');
    expect(sim.control.rowsAsked()).toEqual({});
  });
});
