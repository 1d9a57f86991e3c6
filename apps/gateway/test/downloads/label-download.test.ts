import { type RunningSim, startSim } from '@waybill/backend-sim';
import { labelPath } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, type RunningGateway, startGateway } from '../helpers.js';

let sim: RunningSim;
let gateway: RunningGateway;
let token: string;

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, orders: 300, inbounds: 2, stores: 5 });
  gateway = await startGateway({ BACKEND_URL: sim.url });
  token = await bearerToken(gateway.url);
});
afterAll(async () => {
  await gateway?.close();
  await sim?.close();
});

const get = (path: string, auth: string | null = token) =>
  fetch(`${gateway.url}${path}`, {
    redirect: 'manual',
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });
const labelled = () => [...sim.store.orders.values()].find((o) => o.labelVersion > 0 && o.reference)!;

describe('GET /orders/:uid/labels/:shipment-:box.pdf: a shipping label through the gateway', () => {
  it('streams the label from the backend as the signed-in user, saved under the order reference', async () => {
    const order = labelled();
    const res = await get(labelPath(order.uid, { shipment: 1, box: 1 }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="label-.+-1-1\.pdf"$/);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(order.tracking ?? 'no tracking');
  });

  it('answers 401 without a session, and 404 for a label the order does not have or a name that is not one', async () => {
    const order = labelled();
    expect((await get(labelPath(order.uid, { shipment: 1, box: 1 }), null)).status).toBe(401);
    expect((await get(labelPath(order.uid, { shipment: 9, box: 1 }))).status).toBe(404);
    expect((await get(`/orders/${order.uid}/labels/..%2F1-1.pdf`)).status).toBe(404);
    expect((await get(`/orders/${order.uid}/labels/1-1.exe`)).status).toBe(404);
    // An order the backend does not know: its own 404, no details of the backend's.
    const unknown = await get(labelPath('ord_does_not_exist', { shipment: 1, box: 1 }));
    expect(unknown.status).toBe(404);
  });

  it('answers 502, not 500, when the backend cannot give the label', async () => {
    const order = labelled();
    sim.control.setFault({ kind: 'down', paths: ['/orders/order/{uid}'] });
    try {
      const res = await get(labelPath(order.uid, { shipment: 1, box: 1 }));
      expect(res.status).toBe(502);
    } finally {
      sim.control.setFault(null);
    }
  });
});
