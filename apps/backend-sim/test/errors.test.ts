import { BACKEND_ROUTES, type BackendRouteName, backendErrorSchema } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { call, errorOf, login, startTestSim } from './helpers.js';

let sim: RunningSim;
let token: string;

beforeAll(async () => {
  sim = await startTestSim({ orders: 500, inbounds: 50, stores: 30 });
  token = await login(sim);
});
afterAll(() => sim.close());

describe('errors use the backend error shape', () => {
  it('wrong password → 401 with error data', async () => {
    const res = await call(sim, 'POST', '/login/username_password', {
      body: { email: 'ops@example.com', password: 'nope' },
    });
    expect(res.status).toBe(401);
    expect(backendErrorSchema.parse(res.json).error.code).toBe('invalid_credentials');
  });

  it('unknown e-mail → 401', async () => {
    const res = await call(sim, 'POST', '/login/username_password', {
      body: { email: 'who@example.com', password: 'waybill-demo' },
    });
    expect(res.status).toBe(401);
  });

  it('unknown uids → 404', async () => {
    for (const path of ['/orders/order/ord_missing', '/inventory_receipts/ir_missing']) {
      const res = await call(sim, 'GET', path, { token });
      expect(res.status, path).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
    const posts: [string, unknown][] = [
      [
        '/orders/order/ord_missing/comments',
        {
          text: 'hello there',
          actions: { escalate: false, escalate_value: null, snooze: false, snooze_value: null },
          communication: { method: 'internal_note' },
        },
      ],
      ['/orders/order/comments/mark_seen', { comment_uid: 'cmt_missing' }],
      [
        '/orders/change_status',
        { status: 'lost', order_uid: 'ord_missing', happened_at: '2026-01-01T10:00:00Z' },
      ],
      ['/orders/reissue_shipping_label', { order_uid: 'ord_missing', number_of_parcels: 2 }],
      ['/orders/poc_1_workflow/order_invalid_address/create', { order_uid: 'ord_missing' }],
      ['/orders/poc_1_workflow/order_invalid_address/interrupt', { workflow_uid: 'wf_missing' }],
      [
        '/inventory_receipts/change_status',
        { status: 'arrived', inventory_receipt_uid: 'x', happened_at: '2026-01-01' },
      ],
    ];
    for (const [path, body] of posts) {
      const res = await call(sim, 'POST', path, { token, body });
      expect(res.status, path).toBe(404);
    }
    const exp = await call(sim, 'GET', '/inventory_receipts/reports/export?inventory_receipt_uid=nope', {
      token,
    });
    expect(exp.status).toBe(404);
    const check = await call(sim, 'GET', '/inventory_receipts/reports/export/check?uid=nope', { token });
    expect(check.status).toBe(404);
  });

  it('unknown path → 404', async () => {
    const res = await call(sim, 'GET', '/nope/never', { token });
    expect(res.status).toBe(404);
    expect(backendErrorSchema.safeParse(res.json).success).toBe(true);
  });

  it('wrong types → 400 naming the field', async () => {
    const res = await call(sim, 'POST', '/orders/search', {
      token,
      body: { skip: -1, limit: 'ten', managed_by: 'waybill', display_priorities: [9] },
    });
    expect(res.status).toBe(400);
    const paths = errorOf(res).fields!.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['skip', 'limit', 'display_priorities.0']));
    expect(errorOf(res).message).toContain('limit');
  });

  it('missing required fields → 400 naming them', async () => {
    const res = await call(sim, 'POST', '/changes', { token, body: { orders: { managed_by: 'waybill' } } });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields!.map((f) => f.path)).toEqual(
      expect.arrayContaining(['orders.updated_at_start', 'orders.updated_at_end']),
    );
  });

  it('unknown extra fields → 400 naming the field', async () => {
    const res = await call(sim, 'POST', '/orders/search', {
      token,
      body: { skip: 0, limit: 20, managed_by: 'waybill', sneaky: true },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields).toEqual([{ path: 'sneaky', message: 'unknown field' }]);
    const nested = await call(sim, 'POST', '/changes', {
      token,
      body: {
        orders: { managed_by: 'w', updated_at_start: '2026-01-01', updated_at_end: '2026-01-02', extra: 1 },
      },
    });
    expect(errorOf(nested).fields![0]!.path).toBe('orders.extra');
  });

  it('unparseable timestamps → 400 naming the field', async () => {
    const res = await call(sim, 'POST', '/changes', {
      token,
      body: {
        orders: { managed_by: 'waybill', updated_at_start: 'yesterday', updated_at_end: '2026-01-02' },
      },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields![0]!.path).toBe('orders.updated_at_start');
    const order = [...sim.store.orders.values()][0]!;
    const status = await call(sim, 'POST', '/orders/change_status', {
      token,
      body: { status: 'lost', order_uid: order.uid, happened_at: 'soon' },
    });
    expect(errorOf(status).fields![0]!.path).toBe('happened_at');
  });

  it('invalid JSON, empty and non-object bodies → 4xx, never 500', async () => {
    const bad = await call(sim, 'POST', '/orders/search', { token, rawBody: '{"skip": 0,' });
    expect(bad.status).toBe(400);
    expect(backendErrorSchema.safeParse(bad.json).success).toBe(true);
    const empty = await call(sim, 'POST', '/orders/search', { token });
    expect(empty.status).toBe(400);
    const array = await call(sim, 'POST', '/orders/search', { token, body: [1, 2] });
    expect(array.status).toBe(400);
    const text = await call(sim, 'POST', '/orders/search', {
      token,
      rawBody: 'hello',
      contentType: 'text/plain',
    });
    expect(text.status).toBe(400);
  });

  it('fuzzed bodies on every POST route never produce a 5xx', async () => {
    const values: unknown[] = [
      null,
      0,
      -1,
      1e308,
      'x',
      '',
      true,
      [],
      {},
      [null],
      { a: { b: 1 } },
      '2026-13-45',
    ];
    const posts = (Object.keys(BACKEND_ROUTES) as BackendRouteName[]).filter(
      (n) => BACKEND_ROUTES[n].method === 'POST',
    );
    let i = 0;
    for (const name of posts) {
      const path = BACKEND_ROUTES[name].path.replace('{uid}', 'ord_x');
      for (const value of values) {
        const bodies = [
          value,
          { skip: value, limit: value, managed_by: value },
          { orders: value },
          { text: value, actions: value },
        ];
        for (const body of bodies) {
          const res = await call(sim, 'POST', path, { token, body });
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
          i++;
        }
      }
    }
    expect(i).toBeGreaterThan(500);
  });

  it('bad query strings → 400 naming the parameter', async () => {
    const res = await call(sim, 'GET', '/inventory_receipts/reports/export', { token });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields![0]!.path).toBe('inventory_receipt_uid');
    const shop = await call(sim, 'GET', '/api/v1/authorization/selling_channel/shopify/authorize');
    expect(errorOf(shop).fields![0]!.path).toBe('shop');
    const link = await call(
      sim,
      'GET',
      '/api/v1/login/google/authorization_link?redirect_uri=javascript:alert(1)',
    );
    expect(errorOf(link).fields![0]!.path).toBe('redirect_uri');
  });
});
