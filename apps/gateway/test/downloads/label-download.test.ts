import { type RunningSim, startSim } from '@waybill/backend-sim';
import { labelPath } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHandler, sendJson, startFakeBackend } from '../fake-backend.js';
import { bearerToken, type RunningGateway, startGateway } from '../helpers.js';

/** Who the script's own backend token belongs to: the gateway checks it before use. */
const SCRIPT_USER = {
  uid: 'u1',
  name: 'Ops',
  department: 'customer_support',
  access_to: [],
  superadmin: false,
};

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

  it('answers 400 to a malformed order uid, naming it, before any backend call', async () => {
    const details = () => sim.control.callCounts()['/orders/order/{uid}'] ?? 0;
    const before = details();
    for (const uid of ['%5C', 'ord_1%5Cx', 'ord_1%01', 'ord_1%2F..']) {
      const res = await get(`/orders/${uid}/labels/1-1.pdf`);
      expect(res.status, uid).toBe(400);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('Bad Request');
      expect(body.message).toMatch(/^uid: must not contain/);
    }
    expect(details()).toBe(before);
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

describe('a label the backend refuses or fails to give', () => {
  let fake: Awaited<ReturnType<typeof startFakeBackend>>;
  let front: RunningGateway;
  let detail: FakeHandler = (_req, res) =>
    sendJson(res, 404, { error: { code: 'not_found', message: 'No' } });

  beforeAll(async () => {
    fake = await startFakeBackend((req, res) =>
      req.url.startsWith('/orders/order/')
        ? detail(req, res)
        : req.url === '/users/me'
          ? sendJson(res, 200, { data: { user: SCRIPT_USER } })
          : sendJson(res, 404, {}),
    );
    front = await startGateway({ BACKEND_URL: fake.url });
  });
  afterAll(async () => {
    await front?.close();
    await fake?.close();
  });

  const label = () =>
    fetch(`${front.url}${labelPath('ord_1', { shipment: 1, box: 1 })}`, {
      headers: { authorization: 'Bearer backend-token-1' },
    });

  it("keeps the backend's client error as a 4xx with its message: it says what to fix", async () => {
    detail = (_req, res) =>
      sendJson(res, 422, { error: { code: 'invalid', message: 'Order uid has the wrong shape' } });
    const res = await label();
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'BAD_REQUEST',
      message: 'Order uid has the wrong shape',
    });
  });

  it("answers a backend failure with 502 naming the path and status, never the backend's words", async () => {
    detail = (_req, res) =>
      sendJson(res, 500, { error: { code: 'internal', message: 'db at 10.0.0.5:5432 refused' } });
    const res = await label();
    expect(res.status).toBe(502);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe('Backend failed on /orders/order/{uid} (HTTP 500)');
  });
});
