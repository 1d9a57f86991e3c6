import {
  analyticsSearchResponseSchema,
  canCreateInvalidAddressWorkflow,
  canReissueAwb,
  FINAL_ORDER_STATUSES,
  INVALID_ADDRESS_WORKFLOW_STATUS,
  inboundsSearchResponseSchema,
  lastActivityStart,
  ORDER_STATISTICS_CALLS,
  orderStatisticsSchema,
  ordersFilterResponseSchema,
} from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOutputSchema } from '../src/outputs.js';
import { Browser } from './auth/browser.js';
import { httpClient, trpcError } from './helpers.js';
import { DEMO, type SimStack, startSimStack } from './sim-stack.js';

let stack: SimStack;
let token: string;
let client: ReturnType<typeof httpClient>;

beforeAll(async () => {
  // The demo user may send comments to others and run the invalid-address workflow.
  stack = await startSimStack({ ADVANCED_COMMENT_USERS: DEMO.email });
  token = (await httpClient(stack.url).auth.passwordLogin.mutate({ ...DEMO, bearer: true })).token!;
  client = httpClient(stack.url, token);
});

afterAll(async () => {
  await stack?.close();
});

const lastBody = (path: string) => stack.sim.control.lastBody(path);
const calls = (path: string) => stack.sim.control.callCounts()[path] ?? 0;

describe('auth', () => {
  it('reports the session and sign-in methods', async () => {
    const anonymous = await httpClient(stack.url).auth.session.query();
    expect(anonymous).toMatchObject({
      user: null,
      methods: { password: true, google: true },
      settings: { advancedComments: false, reissueMaxParcels: 99 },
    });
    const signedIn = sessionOutputSchema.parse(await client.auth.session.query());
    expect(signedIn.user?.email).toBe(DEMO.email);
    expect(signedIn.settings).toEqual({ advancedComments: true, reissueMaxParcels: 99 });
    const stale = await httpClient(stack.url, 'no-such-token').auth.session.query();
    expect(stale.user).toBeNull();
  });

  it('signs in with a password: the user for browsers, a session id as token for bearer scripts', async () => {
    const result = await httpClient(stack.url).auth.passwordLogin.mutate(DEMO);
    expect(result).not.toHaveProperty('token');
    expect(result.user.email).toBe(DEMO.email);
    expect(lastBody('/login/username_password')).toEqual({ email: DEMO.email, password: DEMO.password });
    const script = await httpClient(stack.url).auth.passwordLogin.mutate({ ...DEMO, bearer: true });
    expect(script.token).toMatch(/^wbs_[A-Za-z0-9_-]{43}$/);
    expect(script.user.email).toBe(DEMO.email);
    expect(lastBody('/login/username_password')).toEqual({ email: DEMO.email, password: DEMO.password });
  });

  it('forwards the state only when it is longer than 10 characters', async () => {
    await httpClient(stack.url).auth.passwordLogin.mutate({ ...DEMO, state: '0123456789' });
    expect(lastBody('/login/username_password')).not.toHaveProperty('state');
    await httpClient(stack.url).auth.passwordLogin.mutate({ ...DEMO, state: '0123456789a' });
    expect(lastBody('/login/username_password')).toMatchObject({ state: '0123456789a' });
  });

  it('refuses a wrong password with the server message', async () => {
    const error = await trpcError(
      httpClient(stack.url).auth.passwordLogin.mutate({ email: DEMO.email, password: 'wrong' }),
    );
    expect(error.data?.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe('Wrong e-mail or password');
    expect(error.data?.backend).toEqual({
      path: '/login/username_password',
      status: 401,
      error: { code: 'invalid_credentials', message: 'Wrong e-mail or password' },
    });
  });

  it('sets an HttpOnly, SameSite=Strict session cookie that authenticates later calls', async () => {
    const response = await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mgmt_auth_token=[^;]+;/);
    expect(cookie).toContain(`Max-Age=${365 * 86_400}`);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
    const pair = cookie.split(';')[0] ?? '';
    const me = await fetch(`${stack.url}/trpc/users.me`, { headers: { cookie: pair } });
    expect(
      ((await me.json()) as { result: { data: { user: { email: string } } } }).result.data.user.email,
    ).toBe(DEMO.email);

    const logout = await fetch(`${stack.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { cookie: pair, 'content-type': 'application/json' },
    });
    expect(logout.status).toBe(200);
    const cleared = logout.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/^mgmt_auth_token=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });

  it('marks the cookie Secure when COOKIE_SECURE is on', async () => {
    const secure = await startSimStack({ COOKIE_SECURE: 'true' });
    try {
      const response = await fetch(`${secure.url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO),
      });
      expect(response.headers.get('set-cookie')).toContain('Secure');
    } finally {
      await secure.close();
    }
  });

  it('runs the Google sign-in round trip with a long-lived cookie', async () => {
    const browser = new Browser(stack.url);
    const short = await browser.query('auth.googleAuthorizationLink', { state: 'short' });
    // Only the browser-bound nonce: a state of 10 characters or fewer is not forwarded.
    const shortState = new URL(String(short.body.result?.data.authorization_url)).searchParams.get('state');
    expect(shortState).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const callback = `${stack.url}/login/callback/google`;
    const link = await browser.query('auth.googleAuthorizationLink', {
      state: 'install-state-1234',
      redirectUri: callback,
    });
    const consent = new URL(String(link.body.result?.data.authorization_url));
    expect(consent.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}\.install-state-1234$/);
    expect(consent.searchParams.get('redirect_uri')).toBe(callback);

    // The consent page's "approve" step, as the browser would follow it.
    const me = (await client.users.me.query()).user;
    consent.pathname = '/__consent/approve';
    consent.searchParams.set('user', me.uid);
    const approved = await fetch(consent, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(callback);

    const response = await browser.mutate('auth.googleCallback', Object.fromEntries(back.searchParams));
    expect(response.body.result?.data.user).toMatchObject({ uid: me.uid });
    expect(response.body.result?.data.state).toBe('install-state-1234');
    // A Google sign-in's cookie lifetime (GOOGLE_LOGIN_COOKIE_DAYS), capped by SESSION_MAX_MS (365 days
    // by default).
    expect(response.headers.get('set-cookie')).toContain(`Max-Age=${365 * 86_400}`);

    // Without its browser's sign-in state nothing reaches the backend.
    const reused = await trpcError(
      httpClient(stack.url).auth.googleCallback.mutate({ code: back.searchParams.get('code')! }),
    );
    expect(reused.data?.code).toBe('FORBIDDEN');
  });

  it('proxies the shop install flow', async () => {
    const anonymous = httpClient(stack.url);
    const { install_url } = await anonymous.auth.shopifyAuthorize.query({
      query: { shop: 'demo.myshopify.com', hmac: 'h', timestamp: '1', state: 'state-from-shop' },
    });
    expect(new URL(install_url).searchParams.get('shop')).toBe('demo.myshopify.com');
    const { login_state_uid } = await anonymous.auth.shopifyGenerateToken.mutate({
      query: { shop: 'demo.myshopify.com', code: 'c0de', state: 'state-from-shop' },
    });
    expect(login_state_uid.length).toBeGreaterThan(0);
    const missing = await trpcError(anonymous.auth.shopifyGenerateToken.mutate({ query: { shop: 'x' } }));
    expect(missing.data?.code).toBe('BAD_REQUEST');
    expect(missing.message).toContain('code');
  });
});

describe('users and reference data', () => {
  it('reads the current user and all users', async () => {
    expect((await client.users.me.query()).user.email).toBe(DEMO.email);
    const { users } = await client.users.all.query();
    expect(users.length).toBeGreaterThan(3);
  });

  it('serves reference lists from a shared cache', async () => {
    stack.sim.control.resetCallCounts();
    const [orgs, channels, centers] = await Promise.all([
      client.reference.organizations.query(),
      client.reference.sellingChannels.query(),
      client.reference.fulfillmentCenters.query(),
    ]);
    expect(orgs.organizations.length).toBeGreaterThan(0);
    expect(channels.selling_channels.length).toBeGreaterThan(0);
    expect(centers.fulfillment_centers.length).toBeGreaterThan(0);
    // A second user of the same scope reads from the cache.
    const other = await httpClient(stack.url).auth.passwordLogin.mutate({
      ...DEMO,
      email: 'ana.popescu@example.com',
      bearer: true,
    });
    const again = httpClient(stack.url, other.token);
    await Promise.all([
      again.reference.organizations.query(),
      again.reference.sellingChannels.query(),
      again.reference.fulfillmentCenters.query(),
      client.reference.organizations.query(),
    ]);
    expect(calls('/organizations')).toBe(1);
    expect(calls('/selling_channels')).toBe(1);
    expect(calls('/fulfillment_centers')).toBe(1);
  });

  it('never serves the cache to an invalid token', async () => {
    await client.reference.organizations.query();
    const error = await trpcError(httpClient(stack.url, 'forged').reference.organizations.query());
    expect(error.data?.code).toBe('UNAUTHORIZED');
    const centers = await trpcError(httpClient(stack.url, 'forged').reference.fulfillmentCenters.query());
    expect(centers.data?.code).toBe('UNAUTHORIZED');
  });
});

describe('orders', () => {
  it('searches with the backend body the filter maps to: managed_by always, cargus pairing, window as given', async () => {
    const result = await client.orders.search.query({
      filter: { courierKeys: ['cargus_ro'], reference: '  ', statuses: [] },
      window: { skip: 20, limit: 20 },
    });
    const expected = {
      skip: 20,
      limit: 20,
      managed_by: 'waybill',
      active_status: 'active',
      courier_keys: ['cargus_ro', 'urgent_cargus'],
      display_priorities: [0, 1, 2, 3],
    };
    expect(lastBody('/orders/search/filter')).toEqual(expected);
    expect(ordersFilterResponseSchema.safeParse(result).success).toBe(true);
    for (const order of result.orders)
      expect(['cargus_ro', 'urgent_cargus']).toContain(order.aggregated_courier?.key);
  });

  it('maps every filter field to the backend body', async () => {
    await client.orders.search.query({
      filter: {
        reference: ' 10 ',
        statuses: ['shipping_in_transit'],
        displayPriorities: [0, 4],
        courierKeys: ['dpd_ro'],
        sellingChannelsUIDS: ['sc1'],
        fulfillmentCentersUIDS: ['fc1'],
        assignedUsersUIDS: ['u1'],
        activeOrders: 'snoozed',
        payout: { selected: ['at_merchant'], late: 'late' },
        status_late: { status: 'late' },
        orders_late: true,
      },
    });
    expect(lastBody('/orders/search/filter')).toEqual({
      skip: 0,
      limit: 20,
      managed_by: 'waybill',
      active_status: 'snoozed',
      reference: '10',
      aggregated_status_keys: ['shipping_in_transit'],
      display_priorities: [0, 4],
      courier_keys: ['dpd_ro'],
      selling_channels_uids: ['sc1'],
      fulfillment_centers_uids: ['fc1'],
      assigned_users_uids: ['u1'],
      payout_keys: ['at_merchant'],
      payout_late: 'late',
      status_late: 'late',
    });
  });

  it('re-reads the whole loaded list on refresh: skip 0, limit skip + limit', async () => {
    await client.orders.search.query({ filter: {}, window: { skip: 40, limit: 20 }, refresh: true });
    expect(lastBody('/orders/search/filter')).toMatchObject({ skip: 0, limit: 60 });
    await client.orders.filter.query({ window: { skip: 20, limit: 20 }, refresh: true });
    expect(lastBody('/orders/search/filter')).toMatchObject({ skip: 0, limit: 40 });
  });

  it('fans statistics out to the count and the seven statistics calls at once', async () => {
    stack.sim.control.resetCallCounts();
    const stats = await client.orders.statistics.query({ filter: { activeOrders: 'all' } });
    expect(orderStatisticsSchema.safeParse(stats).success).toBe(true);
    for (const name of Object.keys(ORDER_STATISTICS_CALLS)) {
      expect(calls(`/orders/search/${name}`), name).toBe(1);
      expect(lastBody(`/orders/search/${name}`)).toMatchObject({
        managed_by: 'waybill',
        active_status: 'all',
      });
    }
    const search = await client.orders.search.query({
      filter: { activeOrders: 'all' },
      window: { skip: 900, limit: 100 },
      refresh: true,
    });
    expect(stats.count).toBe(search.orders.length);
    expect(stats.active_orders_statistics.all_orders.count).toBe(search.orders.length);
  });

  it('filters, reads detail and answers NOT_FOUND for unknown orders', async () => {
    const { orders, comments } = await client.orders.filter.query({ filter: { activeOrders: 'all' } });
    expect(orders.length).toBeGreaterThan(0);
    expect(Array.isArray(comments)).toBe(true);
    const detail = await client.orders.detail.query({ uid: orders[0]!.uid });
    expect(detail.order.uid).toBe(orders[0]!.uid);
    expect(lastBody('/orders/order/{uid}')).toBeUndefined();
    const missing = await trpcError(client.orders.detail.query({ uid: 'no-such-order' }));
    expect(missing.data?.code).toBe('NOT_FOUND');
  });

  async function allOrders() {
    return (
      await client.orders.filter.query({
        filter: { activeOrders: 'all', displayPriorities: [0, 1, 2, 3, 4, 5] },
        window: { skip: 900, limit: 100 },
        refresh: true,
      })
    ).orders;
  }

  it('changes an order status with the backend body the change maps to', async () => {
    const order = (await allOrders()).find(
      (o) => !(FINAL_ORDER_STATUSES as readonly string[]).includes(o.aggregated_status.key),
    )!;
    const happenedAt = '2026-11-20T15:00:00.000Z';
    const result = await client.orders.changeStatus.mutate({
      orderUid: order.uid,
      status: 'shipping_in_transit',
      happenedAt,
    });
    expect(lastBody('/orders/change_status')).toEqual({
      status: 'shipping_in_transit',
      order_uid: order.uid,
      happened_at: happenedAt,
    });
    expect(result.order.aggregated_status.key).toBe('shipping_in_transit');
    const bad = await trpcError(
      client.orders.changeStatus.mutate({
        orderUid: order.uid,
        status: 'shipping_in_transit',
        happenedAt: 'yesterday',
      }),
    );
    expect(bad.message).toContain('happenedAt');
    const calls0 = calls('/orders/change_status');
    const ahead = await trpcError(
      client.orders.changeStatus.mutate({
        orderUid: order.uid,
        status: 'shipping_in_transit',
        happenedAt: new Date(Date.now() + 11 * 3_600_000).toISOString(),
      }),
    );
    expect(ahead.data?.code).toBe('BAD_REQUEST');
    expect(ahead.message).toContain('happenedAt: must not be in the future');
    expect(calls('/orders/change_status')).toBe(calls0);
  });

  it('reissues a label', async () => {
    const { fulfillment_centers } = await client.reference.fulfillmentCenters.query();
    const order = (await allOrders()).find((o) =>
      canReissueAwb(
        o,
        fulfillment_centers.find((c) => c.uid === o.fulfillment_center_uid),
      ),
    );
    expect(order, 'the sim has an order whose label can be reissued').toBeDefined();
    const result = await client.orders.reissueLabel.mutate({ orderUid: order!.uid, numberOfParcels: 3 });
    expect(lastBody('/orders/reissue_shipping_label')).toEqual({
      order_uid: order!.uid,
      number_of_parcels: 3,
    });
    expect(result.order.uid).toBe(order!.uid);
    const tooFew = await trpcError(
      client.orders.reissueLabel.mutate({ orderUid: order!.uid, numberOfParcels: 1 }),
    );
    expect(tooFew.message).toContain('numberOfParcels');
    const before = calls('/orders/reissue_shipping_label');
    const tooMany = await trpcError(
      client.orders.reissueLabel.mutate({ orderUid: order!.uid, numberOfParcels: 150 }),
    );
    expect(tooMany.data?.code).toBe('BAD_REQUEST');
    expect(tooMany.message).toContain('at most 99 boxes');
    expect(calls('/orders/reissue_shipping_label')).toBe(before);
  });

  it('keeps send-as and the invalid-address workflow to ADVANCED_COMMENT_USERS', async () => {
    const other = httpClient(
      stack.url,
      (
        await httpClient(stack.url).auth.passwordLogin.mutate({
          ...DEMO,
          email: 'dev@example.com',
          bearer: true,
        })
      ).token!,
    );
    expect((await other.auth.session.query()).settings.advancedComments).toBe(false);
    const [order] = await allOrders();
    const before =
      calls('/orders/order/{uid}/comments') + calls('/orders/poc_1_workflow/order_invalid_address/create');
    const sent = await trpcError(
      other.orders.comments.add.mutate({
        orderUid: order!.uid,
        text: 'Please call the shopper',
        sendAs: 'to_shopper',
      }),
    );
    expect(sent.data?.code).toBe('FORBIDDEN');
    expect(sent.message).toContain('ADVANCED_COMMENT_USERS');
    const workflow = await trpcError(other.orders.invalidAddress.create.mutate({ orderUid: order!.uid }));
    expect(workflow.data?.code).toBe('FORBIDDEN');
    expect(
      calls('/orders/order/{uid}/comments') + calls('/orders/poc_1_workflow/order_invalid_address/create'),
    ).toBe(before);
    // An internal note stays open to everyone.
    await other.orders.comments.add.mutate({ orderUid: order!.uid, text: 'Internal note for the team' });
  }, 30_000);

  it('adds escalated and snoozed comments and marks them seen', async () => {
    const [order] = await allOrders();
    await client.orders.comments.add.mutate({
      orderUid: order!.uid,
      text: 'Courier lost the parcel?',
      escalate: true,
      escalateValue: 525_600,
      team: 'development',
    });
    expect(lastBody('/orders/order/{uid}/comments')).toEqual({
      text: 'Courier lost the parcel?',
      team: 'development',
      actions: { escalate: true, escalate_value: 525_600, snooze: false, snooze_value: null },
      communication: { method: 'internal_note' },
    });
    const result = await client.orders.comments.add.mutate({
      orderUid: order!.uid,
      text: 'Waiting for the shopper',
      snooze: true,
      snoozeValue: 48,
      sendAs: 'to_merchant',
    });
    expect(lastBody('/orders/order/{uid}/comments')).toEqual({
      text: 'Waiting for the shopper',
      team: null,
      actions: { escalate: false, escalate_value: null, snooze: true, snooze_value: 48 },
      communication: { method: 'to_merchant' },
    });
    expect(result.order.comments.count_).toBeGreaterThanOrEqual(2);

    const short = await trpcError(client.orders.comments.add.mutate({ orderUid: order!.uid, text: 'hey' }));
    expect(short.message).toContain('text: comment must be longer than 5 characters');
    const both = await trpcError(
      client.orders.comments.add.mutate({
        orderUid: order!.uid,
        text: 'hello there',
        escalate: true,
        snooze: true,
        team: 'development',
        snoozeValue: 1,
      }),
    );
    expect(both.message).toContain('snooze');

    const { comments } = await client.orders.detail.query({ uid: order!.uid });
    const seen = await client.orders.comments.markSeen.mutate({ commentUid: comments[0]!.uid });
    expect(lastBody('/orders/order/comments/mark_seen')).toEqual({ comment_uid: comments[0]!.uid });
    expect(seen.comment.uid).toBe(comments[0]!.uid);
  });

  it('creates and interrupts the invalid-address workflow', async () => {
    let order = (await allOrders()).find(canCreateInvalidAddressWorkflow);
    if (!order) {
      const [any] = await allOrders();
      stack.sim.control.changeOrder(any!.uid, { status: INVALID_ADDRESS_WORKFLOW_STATUS });
      order = (await client.orders.detail.query({ uid: any!.uid })).order;
    }
    const created = await client.orders.invalidAddress.create.mutate({ orderUid: order.uid });
    expect(lastBody('/orders/poc_1_workflow/order_invalid_address/create')).toEqual({ order_uid: order.uid });
    expect(created.workflow.order_uid).toBe(order.uid);
    const interrupted = await client.orders.invalidAddress.interrupt.mutate({
      workflowUid: created.workflow.uid,
    });
    expect(lastBody('/orders/poc_1_workflow/order_invalid_address/interrupt')).toEqual({
      workflow_uid: created.workflow.uid,
    });
    expect(interrupted.workflow.uid).toBe(created.workflow.uid);
  });
});

describe('inbounds and clients', () => {
  it('searches inbounds with the backend body the filter maps to and reads detail', async () => {
    const result = await client.inbounds.search.query({
      filter: { searchTerm: ' box ', isLate: true, activeInbounds: 'active', numberOfItems: ['package'] },
      window: { skip: 0, limit: 10 },
    });
    expect(lastBody('/inventory_receipts/search')).toEqual({
      skip: 0,
      limit: 10,
      search_term: 'box',
      is_late: true,
      active_inbounds: 'active',
      number_of_items: ['package'],
      display_priorities: [0, 1, 2, 3],
    });
    expect(inboundsSearchResponseSchema.safeParse(result).success).toBe(true);

    const all = await client.inbounds.search.query({
      filter: { displayPriorities: [] },
      window: { skip: 5, limit: 5 },
      refresh: true,
    });
    expect(lastBody('/inventory_receipts/search')).toEqual({ skip: 0, limit: 10 });
    const inbound = all.inventory_receipts[0]!;
    const detail = await client.inbounds.detail.query({ uid: inbound.uid });
    expect(detail.inventory_receipt.uid).toBe(inbound.uid);
  });

  it('changes an inbound status with the backend body the change maps to', async () => {
    const { inventory_receipts } = await client.inbounds.search.query({
      filter: { displayPriorities: [] },
      window: { skip: 100, limit: 100 },
      refresh: true,
    });
    const inbound = inventory_receipts[0]!;
    const happenedAt = '2026-11-20T15:00:00.000Z';
    const result = await client.inbounds.changeStatus.mutate({
      inboundUid: inbound.uid,
      status: 'arrived',
      happenedAt,
    });
    expect(result.inventory_receipt).toMatchObject({ uid: inbound.uid, status: 'arrived' });
    expect(lastBody('/inventory_receipts/change_status')).toEqual({
      status: 'arrived',
      inventory_receipt_uid: inbound.uid,
      happened_at: happenedAt,
    });
  });

  it('searches clients analytics with the backend body the filter maps to', async () => {
    const result = await client.clients.search.query({
      filter: {
        name: ' shop ',
        courier: 'dpd_ro',
        country: 'ro',
        companiesSize: 'XL',
        companyActivity: 'last7',
        skusFilter: 'between_10_and_99',
      },
    });
    expect(lastBody('/selling_channels_analytics/search')).toEqual({
      skip: 0,
      limit: 20,
      name: 'shop',
      courier_keys: ['dpd_ro'],
      country_keys: ['RO'],
      company_size: ['xl'],
      last_activity: lastActivityStart('last7', new Date()),
      sku_interval: 'between_10_and_99',
      display_priorities: [0, 1, 2, 3],
      activity_status: ['installed'],
      source_app: 'merchants',
    });
    expect(analyticsSearchResponseSchema.safeParse(result).success).toBe(true);
    const defaults = await client.clients.search.query({});
    expect(defaults.selling_channels_analytics.length).toBeGreaterThan(0);
  });
});

describe('every authorised procedure needs a token', () => {
  const anonymous = () => httpClient(stack.url);
  it.each([
    ['users.me', () => anonymous().users.me.query()],
    ['users.all', () => anonymous().users.all.query()],
    ['reference.organizations', () => anonymous().reference.organizations.query()],
    ['reference.sellingChannels', () => anonymous().reference.sellingChannels.query()],
    ['reference.fulfillmentCenters', () => anonymous().reference.fulfillmentCenters.query()],
    ['orders.search', () => anonymous().orders.search.query({})],
    ['orders.statistics', () => anonymous().orders.statistics.query({})],
    ['orders.filter', () => anonymous().orders.filter.query({})],
    ['orders.detail', () => anonymous().orders.detail.query({ uid: 'x' })],
    [
      'orders.changeStatus',
      () =>
        anonymous().orders.changeStatus.mutate({
          orderUid: 'x',
          status: 'lost',
          happenedAt: '2026-01-01T00:00:00Z',
        }),
    ],
    [
      'orders.reissueLabel',
      () => anonymous().orders.reissueLabel.mutate({ orderUid: 'x', numberOfParcels: 2 }),
    ],
    [
      'orders.comments.add',
      () => anonymous().orders.comments.add.mutate({ orderUid: 'x', text: 'long enough' }),
    ],
    ['orders.comments.markSeen', () => anonymous().orders.comments.markSeen.mutate({ commentUid: 'x' })],
    [
      'orders.invalidAddress.create',
      () => anonymous().orders.invalidAddress.create.mutate({ orderUid: 'x' }),
    ],
    [
      'orders.invalidAddress.interrupt',
      () => anonymous().orders.invalidAddress.interrupt.mutate({ workflowUid: 'x' }),
    ],
    ['inbounds.search', () => anonymous().inbounds.search.query({})],
    ['inbounds.detail', () => anonymous().inbounds.detail.query({ uid: 'x' })],
    [
      'inbounds.changeStatus',
      () =>
        anonymous().inbounds.changeStatus.mutate({
          inboundUid: 'x',
          status: 'arrived',
          happenedAt: '2026-01-01T00:00:00Z',
        }),
    ],
    ['clients.search', () => anonymous().clients.search.query({})],
  ] as const)('%s', async (_name, call) => {
    const error = await trpcError(call());
    expect(error.data?.code).toBe('UNAUTHORIZED');
  });

  it('rejects an expired token with UNAUTHORIZED from the backend', async () => {
    const error = await trpcError(httpClient(stack.url, 'expired').orders.search.query({}));
    expect(error.data?.code).toBe('UNAUTHORIZED');
  });
});

describe('backend failures through the sim', () => {
  it.each([
    ['down', 'BAD_GATEWAY'],
    ['garbage', 'BAD_GATEWAY'],
    ['invalid', 'BAD_GATEWAY'],
  ] as const)('answers a %s backend with %s naming the path, then recovers', async (kind, code) => {
    stack.sim.control.setFault({ kind, paths: ['/orders/search/filter'] });
    try {
      const error = await trpcError(client.orders.search.query({}));
      expect(error.data?.code).toBe(code);
      expect(error.message).toContain('/orders/search');
      expect(JSON.stringify(error.data)).not.toContain('stack');
    } finally {
      stack.sim.control.setFault(null);
    }
    expect((await client.orders.search.query({})).orders.length).toBeGreaterThan(0);
  });

  it('times out a slow backend and keeps serving', async () => {
    // A call's time runs from its arrival, queueing included: the eight statistics calls run at once
    // (queued ones would time out with the slow one) and share a timeout that leaves a busy machine room.
    const quick = await startSimStack({ BACKEND_TIMEOUT_MS: '1000', BACKEND_SESSION_CONCURRENCY: '8' });
    try {
      const { token: t } = await httpClient(quick.url).auth.passwordLogin.mutate({ ...DEMO, bearer: true });
      quick.sim.control.setFault({ kind: 'slow', delayMs: 3000, paths: ['/orders/search/count'] });
      const error = await trpcError(httpClient(quick.url, t).orders.statistics.query({}));
      expect(error.data?.code).toBe('GATEWAY_TIMEOUT');
      expect(error.message).toContain('/orders/search/count');
      expect((await fetch(`${quick.url}/healthz`)).status).toBe(200);
      quick.sim.control.setFault(null);
      expect((await httpClient(quick.url, t).orders.statistics.query({})).count).toBeGreaterThan(0);
    } finally {
      await quick.close();
    }
  });

  it('answers clearly when the backend is gone, and stays up', async () => {
    const doomed = await startSimStack();
    try {
      const { token: t } = await httpClient(doomed.url).auth.passwordLogin.mutate({ ...DEMO, bearer: true });
      await doomed.sim.close();
      const error = await trpcError(httpClient(doomed.url, t).orders.search.query({}));
      expect(error.data?.code).toBe('BAD_GATEWAY');
      expect(error.message).toMatch(/unreachable.*\/orders\/search/);
      expect((await fetch(`${doomed.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${doomed.url}/readyz`)).status).toBe(503);
    } finally {
      await doomed.gateway.close();
    }
  });
});
