import { BACKEND_ROUTES, type BackendRouteName, backendPath } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { type CallResult, call, EPOCH, errorOf, login, parseData, startTestSim } from './helpers.js';

let sim: RunningSim;
let token: string;
let orderUid: string;
let invalidAddressOrderUid: string;
let reissueOrderUid: string;
let inboundUid: string;
let commentUid: string;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH });
  token = await login(sim);
  const orders = [...sim.store.orders.values()];
  orderUid = orders.find((o) => o.comments.length > 0 && o.managed_by === 'waybill')!.uid;
  commentUid = sim.store.orders.get(orderUid)!.comments[0]!.uid;
  invalidAddressOrderUid = orders.find(
    (o) => o.status === 'errors_incorrect_shipping_address' && !o.workflowUid,
  )!.uid;
  const labelled = new Set(sim.store.fulfillmentCenters.filter((f) => f.requiresLabel).map((f) => f.uid));
  reissueOrderUid = orders.find(
    (o) =>
      ['ready_for_picking', 'in_picking', 'waiting_for_courier'].includes(o.status) &&
      labelled.has(o.fulfillment_center_uid ?? '') &&
      o.fulfillmentOrders.some((f) => f.unique_key),
  )!.uid;
  inboundUid = [...sim.store.inbounds.values()][0]!.uid;
});
afterAll(() => sim.close());

const search = { skip: 0, limit: 20, managed_by: 'waybill' };

const CALLBACK = encodeURIComponent('http://127.0.0.1:3000/login/callback/google');

/** One real call per contract route; the record type makes a new route fail to compile until covered. */
const SAMPLES: Record<BackendRouteName, () => Promise<CallResult>> = {
  'auth.googleAuthorizationLink': () =>
    call(sim, 'GET', `/api/v1/login/google/authorization_link?state=abcdefghijkl&redirect_uri=${CALLBACK}`),
  'auth.googleAuthorizationData': async () => {
    const link = await call(
      sim,
      'GET',
      `/api/v1/login/google/authorization_link?state=s1&redirect_uri=${CALLBACK}`,
    );
    const consent = new URL((link.json as { data: { authorization_url: string } }).data.authorization_url);
    const user = sim.store.users[0]!.uid;
    const approve = await call(
      sim,
      'GET',
      `/__consent/approve?user=${user}&redirect_uri=${encodeURIComponent(consent.searchParams.get('redirect_uri')!)}`,
    );
    const code = new URL(String(approve.headers.location)).searchParams.get('code')!;
    return call(sim, 'POST', '/api/v1/login/google/authorization_data', { body: { code, state: 's1' } });
  },
  'auth.shopifyAuthorize': () =>
    call(
      sim,
      'GET',
      '/api/v1/authorization/selling_channel/shopify/authorize?shop=demo.myshopify.com&hmac=x&host=y&timestamp=1&state=z',
    ),
  'auth.shopifyGenerateToken': () =>
    call(
      sim,
      'GET',
      '/api/v1/authorization/selling_channel/shopify/generateToken?shop=demo.myshopify.com&code=c0de&hmac=x&host=y&timestamp=1&state=z',
    ),
  'auth.passwordLogin': () =>
    call(sim, 'POST', '/login/username_password', {
      body: { email: 'dev@example.com', password: 'waybill-demo' },
    }),
  'users.me': () => call(sim, 'GET', '/users/me', { token }),
  'users.all': () => call(sim, 'GET', '/users/all', { token }),
  organizations: () => call(sim, 'GET', '/organizations', { token }),
  sellingChannels: () => call(sim, 'GET', '/selling_channels', { token }),
  fulfillmentCenters: () => call(sim, 'GET', '/fulfillment_centers'),
  changes: () =>
    call(sim, 'POST', '/changes', {
      token,
      body: {
        orders: {
          managed_by: 'waybill',
          updated_at_start: new Date(EPOCH - 3_600_000).toISOString(),
          updated_at_end: new Date(EPOCH + 1).toISOString(),
        },
      },
    }),
  'orders.search': () => call(sim, 'POST', '/orders/search', { token, body: search }),
  'orders.search.filter': () => call(sim, 'POST', '/orders/search/filter', { token, body: search }),
  'orders.search.count': () => call(sim, 'POST', '/orders/search/count', { token, body: search }),
  'orders.search.display_statistics': () =>
    call(sim, 'POST', '/orders/search/display_statistics', { token, body: search }),
  'orders.search.statuses_statistics': () =>
    call(sim, 'POST', '/orders/search/statuses_statistics', { token, body: search }),
  'orders.search.couriers_statistics': () =>
    call(sim, 'POST', '/orders/search/couriers_statistics', { token, body: search }),
  'orders.search.fulfillment_centers_statistics': () =>
    call(sim, 'POST', '/orders/search/fulfillment_centers_statistics', { token, body: search }),
  'orders.search.assigned_users_statistics': () =>
    call(sim, 'POST', '/orders/search/assigned_users_statistics', { token, body: search }),
  'orders.search.selling_channels_statistics': () =>
    call(sim, 'POST', '/orders/search/selling_channels_statistics', { token, body: search }),
  'orders.search.active_orders_statistics': () =>
    call(sim, 'POST', '/orders/search/active_orders_statistics', { token, body: search }),
  'orders.detail': () => call(sim, 'GET', backendPath('/orders/order/{uid}', { uid: orderUid }), { token }),
  'orders.addComment': () =>
    call(sim, 'POST', backendPath('/orders/order/{uid}/comments', { uid: orderUid }), {
      token,
      body: {
        text: 'Checked with the courier, delivery tomorrow.',
        team: null,
        actions: { escalate: false, escalate_value: null, snooze: true, snooze_value: 2 },
        communication: { method: 'internal_note' },
      },
    }),
  'orders.markSeen': () =>
    call(sim, 'POST', '/orders/order/comments/mark_seen', { token, body: { comment_uid: commentUid } }),
  'orders.invalidAddress.create': () =>
    call(sim, 'POST', '/orders/poc_1_workflow/order_invalid_address/create', {
      token,
      body: { order_uid: invalidAddressOrderUid },
    }),
  'orders.invalidAddress.interrupt': async () => {
    const created = await call(sim, 'POST', '/orders/poc_1_workflow/order_invalid_address/create', {
      token,
      body: {
        order_uid: [...sim.store.orders.values()].find(
          (o) => o.status === 'errors_incorrect_shipping_address' && !o.workflowUid,
        )!.uid,
      },
    });
    const workflowUid = (created.json as { data: { workflow: { uid: string } } }).data.workflow.uid;
    return call(sim, 'POST', '/orders/poc_1_workflow/order_invalid_address/interrupt', {
      token,
      body: { workflow_uid: workflowUid },
    });
  },
  'orders.changeStatus': () =>
    call(sim, 'POST', '/orders/change_status', {
      token,
      body: {
        status: 'shipping_in_transit',
        order_uid: orderUid,
        happened_at: new Date(EPOCH).toISOString(),
      },
    }),
  'orders.reissueLabel': () =>
    call(sim, 'POST', '/orders/reissue_shipping_label', {
      token,
      body: { order_uid: reissueOrderUid, number_of_parcels: 3 },
    }),
  'inbounds.search': () =>
    call(sim, 'POST', '/inventory_receipts/search', { token, body: { skip: 0, limit: 20 } }),
  'inbounds.detail': () =>
    call(sim, 'GET', backendPath('/inventory_receipts/{uid}', { uid: inboundUid }), { token }),
  'inbounds.changeStatus': () =>
    call(sim, 'POST', '/inventory_receipts/change_status', {
      token,
      body: {
        status: 'arrived',
        inventory_receipt_uid: inboundUid,
        happened_at: new Date(EPOCH).toISOString(),
      },
    }),
  'inbounds.export': () =>
    call(sim, 'GET', `/inventory_receipts/reports/export?inventory_receipt_uid=${inboundUid}`, { token }),
  'inbounds.exportCheck': async () => {
    const started = await call(
      sim,
      'GET',
      `/inventory_receipts/reports/export?inventory_receipt_uid=${inboundUid}`,
      {
        token,
      },
    );
    const uid = (started.json as { data: { report: { uid: string } } }).data.report.uid;
    return call(sim, 'GET', `/inventory_receipts/reports/export/check?uid=${uid}`, { token });
  },
  'analytics.search': () =>
    call(sim, 'POST', '/selling_channels_analytics/search', {
      token,
      body: {
        skip: 0,
        limit: 20,
        display_priorities: [0, 1, 2, 3],
        activity_status: ['installed'],
        source_app: 'merchants',
      },
    }),
  'analytics.dailyOrders': async () => {
    const stores = parseData(
      'analytics.search',
      await call(sim, 'POST', '/selling_channels_analytics/search', { token, body: { skip: 0, limit: 3 } }),
    );
    const uids = stores.selling_channels_analytics.map((s) => s.uid);
    return call(sim, 'POST', '/selling_channels_analytics/daily_orders', {
      token,
      body: { selling_channel_uids: uids, days: 35 },
    });
  },
};

describe('every BACKEND_ROUTES path answers over HTTP with data that parses under its contract schema', () => {
  for (const name of Object.keys(BACKEND_ROUTES) as BackendRouteName[]) {
    it(`${name}: ${BACKEND_ROUTES[name].method} ${BACKEND_ROUTES[name].path}`, async () => {
      const res = await SAMPLES[name]();
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(() => parseData(name, res)).not.toThrow();
    });
  }
});

describe('authorised routes refuse calls without a valid bearer', () => {
  const authRoutes = (Object.keys(BACKEND_ROUTES) as BackendRouteName[]).filter(
    (n) => BACKEND_ROUTES[n].auth,
  );
  for (const name of authRoutes) {
    it(`${name} without token → 401`, async () => {
      const route = BACKEND_ROUTES[name];
      const path = backendPath(route.path, { uid: 'anything' });
      const res = await call(sim, route.method, path, route.method === 'POST' ? { body: {} } : {});
      expect(res.status).toBe(401);
      expect(errorOf(res).code).toBe('unauthorized');
    });
  }

  it('rejects an unknown token and accepts the service token', async () => {
    expect((await call(sim, 'GET', '/users/me', { token: 'not-a-token' })).status).toBe(401);
    const res = await call(sim, 'GET', '/users/me', { token: 'dev-service-token' });
    expect(parseData('users.me', res).user.uid).toBe('usr_service');
  });

  it('fulfillment centers need no token', async () => {
    const data = parseData('fulfillmentCenters', await call(sim, 'GET', '/fulfillment_centers'));
    expect(data.fulfillment_centers.length).toBeGreaterThan(3);
    const label = new Set(data.fulfillment_centers.map((f) => f.settings.shipping.requires_shipping_label));
    expect(label).toEqual(new Set([true, false]));
    expect(new Set(data.fulfillment_centers.map((f) => f.timezone)).size).toBeGreaterThan(3);
  });
});
