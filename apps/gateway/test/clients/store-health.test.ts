import { type RunningSim, startSim } from '@waybill/backend-sim';
import { analyticsSearchResponseSchema, dailyOrdersResponseSchema, storeHealth } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type RunningGateway, startGateway, trpcError } from '../helpers.js';
import { DEMO } from '../sim-stack.js';

let sim: RunningSim;
let gateway: RunningGateway;
let token: string;

beforeAll(async () => {
  // 300 stores: more connected ones than one analytics page (200), so the check pages.
  sim = await startSim({ port: 0, tickMs: 0, orders: 100, inbounds: 20, stores: 300 });
  gateway = await startGateway({ BACKEND_URL: sim.url, WEB_DIST: '' });
  token = (await httpClient(gateway.url).auth.passwordLogin.mutate({ ...DEMO, bearer: true })).token!;
});
afterAll(async () => {
  await gateway?.close();
  await sim?.close();
});

/** The backend's own answer, read directly: every installed store and its daily orders. */
async function backendView() {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer dev-service-token' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { data: unknown };
  };
  const stores = analyticsSearchResponseSchema.parse(
    (
      await post('/selling_channels_analytics/search', {
        skip: 0,
        limit: 1000,
        activity_status: ['installed'],
      })
    ).data,
  ).selling_channels_analytics;
  const series = dailyOrdersResponseSchema.parse(
    (
      await post('/selling_channels_analytics/daily_orders', {
        selling_channel_uids: stores.map((s) => s.uid),
        days: 36,
      })
    ).data,
  ).daily_orders;
  return { stores, series };
}

describe('clients.health', () => {
  it('lists every connected store the store health rule flags, with the reason in words', async () => {
    const report = await httpClient(gateway.url, token).clients.health.query();
    const { stores, series } = await backendView();
    expect(stores.length).toBeGreaterThan(200);
    expect(report.checked).toBe(stores.length);
    expect(report.truncated).toBe(false);
    const now = Date.parse(report.checkedAt);
    const expected = series
      .filter((s) => storeHealth({ startDate: s.start_date, counts: s.counts }, now).needsAttention)
      .map((s) => s.selling_channel_uid);
    expect(expected.length).toBeGreaterThan(0);
    expect(report.stores.map((s) => s.uid).sort()).toEqual([...expected].sort());
    for (const flagged of report.stores) {
      expect(flagged.store.activity.status).toBe('installed');
      expect(flagged.reasonText).toMatch(/^(no orders for \d+ days|orders −\d+ % vs 4-week average)(; .+)?$/);
    }
    // Most affected first: any no-order streak before plain drops.
    const firstDrop = report.stores.findIndex((s) => !s.reasons.some((r) => r.kind === 'silent'));
    if (firstDrop >= 0)
      expect(report.stores.slice(firstDrop).every((s) => s.reasons[0]?.kind === 'drop')).toBe(true);
  });

  it('needs a session', async () => {
    expect((await trpcError(httpClient(gateway.url).clients.health.query())).data?.code).toBe('UNAUTHORIZED');
  });

  it("reuses one user's report for a minute, and checks again for another user", async () => {
    const dailyCalls = () => sim.control.callCounts()['/selling_channels_analytics/daily_orders'] ?? 0;
    const other = (await httpClient(gateway.url).auth.passwordLogin.mutate({ ...DEMO, bearer: true })).token!;
    const first = await httpClient(gateway.url, other).clients.health.query();
    const before = dailyCalls();
    const [again, overlapping] = await Promise.all([
      httpClient(gateway.url, other).clients.health.query(),
      httpClient(gateway.url, other).clients.health.query(),
    ]);
    expect(dailyCalls()).toBe(before);
    expect(again).toEqual(first);
    expect(overlapping).toEqual(first);
    const dev = (
      await httpClient(gateway.url).auth.passwordLogin.mutate({
        email: 'dev@example.com',
        password: DEMO.password,
        bearer: true,
      })
    ).token!;
    await httpClient(gateway.url, dev).clients.health.query();
    expect(dailyCalls()).toBeGreaterThan(before);
  });
});
