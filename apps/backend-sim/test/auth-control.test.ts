import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv, type RunningSim } from '../src/index.js';
import { call, EPOCH, errorOf, login, parseData, startTestSim } from './helpers.js';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 800, inbounds: 60, stores: 30, control: true });
});
afterAll(() => sim.close());

describe('sign-in', () => {
  it('password login issues a token bound to the user', async () => {
    const token = await login(sim, 'finance@example.com');
    const me = parseData('users.me', await call(sim, 'GET', '/users/me', { token }));
    expect(me.user).toMatchObject({ name: 'Fiona Finance', department: 'finance', superadmin: false });
    const all = parseData('users.all', await call(sim, 'GET', '/users/all', { token }));
    expect(new Set(all.users.map((u) => u.department))).toEqual(
      new Set(['customer_support', 'development', 'finance', 'sales', 'marketing', null]),
    );
    expect(all.users.filter((u) => u.superadmin)).toHaveLength(1);
  });

  it('Google: link → consent page → redirect with code and state → token', async () => {
    const link = parseData(
      'auth.googleAuthorizationLink',
      await call(
        sim,
        'GET',
        `/api/v1/login/google/authorization_link?state=state-12345678&redirect_uri=${encodeURIComponent('http://127.0.0.1:3000/login/callback/google')}`,
      ),
    );
    const consentUrl = new URL(link.authorization_url);
    expect(consentUrl.origin).toBe(sim.url);
    const page = await fetch(consentUrl);
    const html = await page.text();
    expect(html).toContain('ops@example.com');
    const action =
      /<form method="get" action="([^"]+)">((?:<input[^>]+>)+)<button type="submit" data-email="ops@example.com"/.exec(
        html,
      )!;
    const params = new URLSearchParams();
    for (const m of action[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g))
      params.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
    const approve = await call(sim, 'GET', `${action[1]}?${params}`);
    expect(approve.status).toBe(302);
    const back = new URL(String(approve.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:3000/login/callback/google');
    expect(back.searchParams.get('state')).toBe('state-12345678');
    const code = back.searchParams.get('code')!;
    const data = parseData(
      'auth.googleAuthorizationData',
      await call(sim, 'POST', '/api/v1/login/google/authorization_data', {
        body: { code, state: 'state-12345678' },
      }),
    );
    const me = parseData('users.me', await call(sim, 'GET', '/users/me', { token: data.access_token }));
    expect(me.user.email).toBe('ops@example.com');
    // Codes are single use.
    const again = await call(sim, 'POST', '/api/v1/login/google/authorization_data', { body: { code } });
    expect(again.status).toBe(401);
    expect(errorOf(again).code).toBe('invalid_code');
  });

  it('Shopify: authorize gives an install page URL, generateToken a login state', async () => {
    const auth = parseData(
      'auth.shopifyAuthorize',
      await call(
        sim,
        'GET',
        `/api/v1/authorization/selling_channel/shopify/authorize?shop=demo.myshopify.com&state=s&redirect_uri=${encodeURIComponent('http://127.0.0.1:3111/login')}`,
      ),
    );
    const page = await fetch(auth.install_url);
    const html = await page.text();
    expect(html).toContain('demo.myshopify.com');
    expect(html).toContain('href="http://127.0.0.1:3111/login?shop=demo.myshopify.com&amp;code=');
    const token = parseData(
      'auth.shopifyGenerateToken',
      await call(
        sim,
        'GET',
        '/api/v1/authorization/selling_channel/shopify/generateToken?shop=demo.myshopify.com&code=abc',
      ),
    );
    expect(token.login_state_uid).toMatch(/^ls_/);
    const missing = await call(
      sim,
      'GET',
      '/api/v1/authorization/selling_channel/shopify/generateToken?shop=x',
    );
    expect(errorOf(missing).fields![0]!.path).toBe('code');
  });
});

describe('sign-in redirect addresses', () => {
  it('refuses a missing redirect_uri with 400 naming it, instead of sending the code to a default address', async () => {
    const link = await call(sim, 'GET', '/api/v1/login/google/authorization_link?state=state-12345678');
    expect(link.status).toBe(400);
    expect(errorOf(link).fields).toEqual([
      { path: 'redirect_uri', message: expect.stringContaining('is required') },
    ]);
    const user = sim.store.users[0]!.uid;
    for (const path of ['/__consent', `/__consent/approve?user=${user}`, '/__shopify/install?shop=demo']) {
      const page = await call(sim, 'GET', path);
      expect(page.status, path).toBe(400);
      expect(page.headers.location, path).toBeUndefined();
      expect(errorOf(page).message, path).toContain('redirect_uri: is required');
    }
  });
});

describe('control', () => {
  it('counts calls per route pattern and keeps the last body', async () => {
    const token = await login(sim);
    sim.control.resetCallCounts();
    const body = { skip: 0, limit: 5, managed_by: 'waybill', display_priorities: [0, 1] };
    await call(sim, 'POST', '/orders/search', { token, body });
    await call(sim, 'POST', '/orders/search', { token, body: { ...body, limit: 7 } });
    const uid = [...sim.store.orders.keys()][0]!;
    await call(sim, 'GET', `/orders/order/${uid}`, { token });
    expect(sim.control.callCounts()).toEqual({ '/orders/search': 2, '/orders/order/{uid}': 1 });
    expect(sim.control.lastBody('/orders/search')).toEqual({ ...body, limit: 7 });
    const http = await call(sim, 'GET', '/__sim/call-counts');
    expect((http.json as { data: Record<string, number> }).data['/orders/search']).toBe(2);
    await call(sim, 'POST', '/__sim/call-counts/reset');
    expect(sim.control.callCounts()).toEqual({});
  });

  it('changeOrder and addOrder bump updated_at; tick moves orders', async () => {
    const uid = [...sim.store.orders.values()].find((o) => o.status === 'ready_for_picking')!.uid;
    const changed = sim.control.changeOrder(uid);
    expect(changed.aggregated_status.key).toBe('in_picking');
    expect(Date.parse(changed.updated_at)).toBeGreaterThanOrEqual(sim.store.now() - 1000);
    const patched = sim.control.changeOrder(uid, { status: 'shipping_delivered' });
    expect(patched.display_priority).toBe(4);
    const added = sim.control.addOrder();
    expect(added.aggregated_status.key).toBe('new_');
    expect(sim.store.orders.has(added.uid)).toBe(true);
    expect(() => sim.control.changeOrder('ord_missing')).toThrow(/not found/);
    const viaHttp = await call(sim, 'POST', `/__sim/orders/${uid}/change`, { body: { status: 'lost' } });
    expect(
      (viaHttp.json as { data: { order: { aggregated_status: { key: string } } } }).data.order
        .aggregated_status.key,
    ).toBe('lost');
    const badPatch = await call(sim, 'POST', `/__sim/orders/${uid}/change`, { body: { status: 'nonsense' } });
    expect(badPatch.status).toBe(400);
    const tick = await call(sim, 'POST', '/__sim/tick');
    expect((tick.json as { data: { changedOrders: string[] } }).data.changedOrders.length).toBeGreaterThan(0);
  });

  it('the sorted index stays exact after many changes', () => {
    for (let i = 0; i < 30; i++) sim.control.tick();
    const list = sim.store.sortedOrders;
    const columns = sim.store.columns;
    expect(list).toHaveLength(sim.store.orders.size);
    expect(columns.length).toBe(list.length);
    list.forEach((o, i) => {
      expect(columns.priority[i]).toBe(o.display_priority);
      expect(columns.status[i]).toBe(sim.store.dims.status.find(o.status));
      expect(columns.courier[i]).toBe(sim.store.dims.courier.find(o.courierKey));
      expect(columns.slot[i]).toBe(o.ix.slot);
    });
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!;
      const b = list[i]!;
      expect(
        a.display_priority < b.display_priority ||
          (a.display_priority === b.display_priority && a.updatedMs >= b.updatedMs),
      ).toBe(true);
    }
  });

  it('reference search sees texts changed at runtime (new tracking numbers, new orders)', async () => {
    const token = await login(sim);
    const added = sim.control.addOrder();
    const labelled = new Set(sim.store.fulfillmentCenters.filter((f) => f.requiresLabel).map((f) => f.uid));
    const order = [...sim.store.orders.values()].find(
      (o) =>
        o.status === 'in_picking' &&
        o.managed_by === 'waybill' &&
        labelled.has(o.fulfillment_center_uid ?? ''),
    )!;
    const reissued = await call(sim, 'POST', '/orders/reissue_shipping_label', {
      token,
      body: { order_uid: order.uid, number_of_parcels: 2 },
    });
    const tracking = parseData('orders.reissueLabel', reissued).order.aggregated_courier!.tracking_number!;
    // Each search narrows by its own order's provider: an added order is not always 'waybill''s.
    for (const [term, uid, managedBy] of [
      [tracking, order.uid, order.managed_by],
      [added.uid, added.uid, added.managed_by],
    ] as const) {
      const res = await call(sim, 'POST', '/orders/search', {
        token,
        body: {
          skip: 0,
          limit: 50,
          managed_by: managedBy ?? 'waybill',
          reference: term.toUpperCase(),
        },
      });
      expect(parseData('orders.search', res).orders.map((o) => o.uid)).toContain(uid);
    }
  });

  it('faults: down → 503, garbage → invalid JSON, invalid → schema failure, slow → delayed; control stays reachable', async () => {
    const token = await login(sim);
    sim.control.setFault('down');
    const down = await call(sim, 'GET', '/users/me', { token });
    expect(down.status).toBe(503);
    expect(errorOf(down).code).toBe('unavailable');
    expect((await call(sim, 'GET', '/__sim/call-counts')).status).toBe(200);
    sim.control.setFault('garbage');
    const garbage = await call(sim, 'GET', '/users/me', { token });
    expect(garbage.status).toBe(200);
    expect(garbage.json).toBeNull();
    sim.control.setFault('invalid');
    const invalid = await call(sim, 'GET', '/users/me', { token });
    expect(() => parseData('users.me', invalid)).toThrow();
    sim.control.setFault({ kind: 'down', paths: ['/changes'] });
    expect((await call(sim, 'GET', '/users/me', { token })).status).toBe(200);
    sim.control.setFault({ kind: 'slow', delayMs: 150 });
    const t0 = performance.now();
    expect((await call(sim, 'GET', '/users/me', { token })).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    await call(sim, 'POST', '/__sim/fault', { body: null });
    expect(sim.control.fault).toBeNull();
  });

  it('pause/resume the simulator', async () => {
    expect(sim.control.paused).toBe(true);
    sim.control.resume();
    expect(sim.control.paused).toBe(false);
    sim.control.pause();
    expect(sim.control.paused).toBe(true);
  });
});

describe('environment', () => {
  it('parses and defaults the variables', () => {
    const o = optionsFromEnv({
      PORT: '4100',
      ORDERS: '100000',
      SIM_CONTROL: '1',
      PUBLIC_URL: 'https://sim.example/',
    });
    expect(o).toMatchObject({
      port: 4100,
      orders: 100000,
      control: true,
      publicUrl: 'https://sim.example',
      tickMs: 2000,
      inbounds: 600,
      stores: 300,
      serviceToken: 'dev-service-token',
      managedBy: 'waybill',
      host: '127.0.0.1',
    });
  });

  it('rejects bad values with a message naming the variable', () => {
    expect(() => optionsFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => optionsFromEnv({ ORDERS: '-5' })).toThrow(/ORDERS/);
    // Read as numbers, a blank would be 0 and 0x10 would be 16: each is a typo.
    expect(() => optionsFromEnv({ TICK_MS: ' ' })).toThrow('TICK_MS must be a whole number of 0 or more');
    expect(() => optionsFromEnv({ PORT: '0x10' })).toThrow('PORT must be a whole number of 0 or more');
    expect(() => optionsFromEnv({ SIM_CONTROL: 'maybe' })).toThrow(/SIM_CONTROL/);
    expect(() => optionsFromEnv({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(() => optionsFromEnv({ SERVICE_TOKEN: 'short' })).toThrow(/SERVICE_TOKEN/);
  });
});
