import { BACKEND_ROUTES } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { call, EPOCH, errorOf, login, startTestSim } from './helpers.js';

const SEARCH_PATH = BACKEND_ROUTES['inbounds.search'].path;

let sim: RunningSim;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 200, inbounds: 20, stores: 10, control: true });
});
afterAll(() => sim.close());

describe('inbounds restricted to some readers (control)', () => {
  it('lets only the named users (and superadmins) read or export the inbound; others get 403', async () => {
    const uid = [...sim.store.inbounds.keys()][0]!;
    const ops = await login(sim, 'ops@example.com');
    const dev = await login(sim, 'dev@example.com');
    const admin = await login(sim, 'admin@example.com');
    const restricted = await call(sim, 'POST', `/__sim/inbounds/${uid}/readers`, {
      body: { readers: ['ops@example.com'] },
    });
    expect(restricted.status).toBe(200);

    const detail = (token: string) => call(sim, 'GET', `/inventory_receipts/${uid}`, { token });
    expect((await detail(ops)).status).toBe(200);
    expect((await detail(admin)).status).toBe(200);
    const refused = await detail(dev);
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: 'forbidden',
      message: `You have no access to inventory receipt "${uid}"`,
    });
    const exported = await call(
      sim,
      'GET',
      `/inventory_receipts/reports/export?inventory_receipt_uid=${uid}`,
      {
        token: dev,
      },
    );
    expect(exported.status).toBe(403);
    // Nor does the list show or count it to them.
    const listed = async (token: string) => {
      const found = await call(sim, 'POST', SEARCH_PATH, {
        token,
        body: { skip: 0, limit: 1000, search_term: '' },
      });
      expect(found.status).toBe(200);
      const data = (
        found.json as { data: { inventory_receipts: Array<{ uid: string }>; document_count: number } }
      ).data;
      return { listed: data.inventory_receipts.some((i) => i.uid === uid), count: data.document_count };
    };
    const seenByOps = await listed(ops);
    expect(seenByOps.listed).toBe(true);
    expect(await listed(dev)).toEqual({ listed: false, count: seenByOps.count - 1 });

    sim.control.restrictInbound(uid, null);
    expect((await detail(dev)).status).toBe(200);
  });

  it('names what is wrong with a restriction it cannot apply', async () => {
    const uid = [...sim.store.inbounds.keys()][1]!;
    const unknownUser = await call(sim, 'POST', `/__sim/inbounds/${uid}/readers`, {
      body: { readers: ['nobody@example.com'] },
    });
    expect(unknownUser.status).toBe(400);
    expect(errorOf(unknownUser).message).toBe('readers.0: no demo user has the e-mail "nobody@example.com"');
    const unknownInbound = await call(sim, 'POST', '/__sim/inbounds/inb_missing/readers', {
      body: { readers: [] },
    });
    expect(unknownInbound.status).toBe(404);
  });
});
