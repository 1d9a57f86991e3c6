import {
  type AnalyticsSearchBody,
  INBOUND_STATUSES,
  type InboundsSearchBody,
  storeHealth,
} from '@waybill/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { call, EPOCH, errorOf, login, parseData, startTestSim } from './helpers.js';

let sim: RunningSim;
let token: string;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 300, inbounds: 400, stores: 200 });
  token = await login(sim);
});
afterAll(() => sim.close());

async function inbounds(body: Partial<InboundsSearchBody>) {
  return parseData(
    'inbounds.search',
    await call(sim, 'POST', '/inventory_receipts/search', {
      token,
      body: { skip: 0, limit: 10_000, ...body },
    }),
  );
}
async function stores(body: Partial<AnalyticsSearchBody>) {
  return parseData(
    'analytics.search',
    await call(sim, 'POST', '/selling_channels_analytics/search', {
      token,
      body: { skip: 0, limit: 10_000, ...body },
    }),
  );
}

describe('POST /inventory_receipts/search', () => {
  it('covers every status and applies each filter', async () => {
    const all = await inbounds({});
    expect(new Set(all.inventory_receipts.map((i) => i.status))).toEqual(new Set(INBOUND_STATUSES));
    expect(all.document_count).toBe(all.inventory_receipts.length);
    const sample = all.inventory_receipts.find(
      (i) => i.assigned_user_uid && i.fulfillment_center_uid && i.number_of_items,
    )!;
    const checks: [Partial<InboundsSearchBody>, (i: (typeof all.inventory_receipts)[number]) => boolean][] = [
      [
        { organizations_uids: [sample.organization_uid] },
        (i) => i.organization_uid === sample.organization_uid,
      ],
      [
        { fulfillment_centers_uids: [sample.fulfillment_center_uid!] },
        (i) => i.fulfillment_center_uid === sample.fulfillment_center_uid,
      ],
      [{ statuses: ['arrived', 'processing'] }, (i) => i.status === 'arrived' || i.status === 'processing'],
      [
        { assigned_users_uids: [sample.assigned_user_uid!] },
        (i) => i.assigned_user_uid === sample.assigned_user_uid,
      ],
      [{ search_term: sample.name.toLowerCase() }, (i) => i.name === sample.name],
      [{ number_of_items: ['truck'] }, (i) => i.number_of_items?.kind === 'truck'],
      [{ is_late: true }, (i) => i.late.is_late],
      [{ display_priorities: [0, 1, 2, 3] }, (i) => i.display_priority !== null && i.display_priority <= 3],
    ];
    for (const [filter, predicate] of checks) {
      const r = await inbounds(filter);
      expect(r.inventory_receipts.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(r.inventory_receipts.every(predicate), JSON.stringify(filter)).toBe(true);
      expect(r.document_count, JSON.stringify(filter)).toBe(all.inventory_receipts.filter(predicate).length);
    }
    expect((await inbounds({ active_inbounds: 'snoozed' })).document_count).toBe(0);
    expect((await inbounds({ active_inbounds: 'active' })).document_count).toBe(all.document_count);
  });

  it('statistics are consistent with the filtered set', async () => {
    const filter = { display_priorities: [0, 1, 2, 3] };
    const r = await inbounds(filter);
    for (const rows of [
      r.fulfillment_centers_statistics,
      r.organizations_statistics,
      r.assigned_users_statistics,
      r.statuses_statistics,
    ]) {
      expect(rows.reduce((s, x) => s + x.count_general, 0)).toBe(r.document_count);
    }
    const unfiltered = await inbounds({});
    const displaySum = (Object.values(r.display_statistics) as number[]).reduce((s, n) => s + n, 0);
    expect(displaySum).toBe(unfiltered.inventory_receipts.filter((i) => i.display_priority !== null).length);
    expect(r.display_statistics.display_priority_0).toBe(
      (await inbounds({ display_priorities: [0] })).document_count,
    );
    expect(r.number_of_lates_statistics.number_of_inventory_receipts_late).toBe(
      (await inbounds({ ...filter, is_late: true })).document_count,
    );
    for (const k of r.number_of_items_statistics) {
      expect(k.count).toBe((await inbounds({ ...filter, number_of_items: [k.kind] })).document_count);
    }
  });

  it('pages and sorts by display priority', async () => {
    const all = (await inbounds({ limit: 60 })).inventory_receipts;
    const p2 = (await inbounds({ skip: 20, limit: 20 })).inventory_receipts;
    expect(p2.map((i) => i.uid)).toEqual(all.slice(20, 40).map((i) => i.uid));
    const pr = all.map((i) => i.display_priority ?? 99);
    expect([...pr].sort((a, b) => a - b)).toEqual(pr);
  });

  it('detail lists the inventory items of its lines', async () => {
    const inbound = [...sim.store.inbounds.values()].find((i) => i.items.length > 2)!;
    const d = parseData(
      'inbounds.detail',
      await call(sim, 'GET', `/inventory_receipts/${inbound.uid}`, { token }),
    );
    expect(d.inventory_receipt.line_items_computed.items).toHaveLength(inbound.items.length);
    expect(d.inventory_items.map((i) => i.uid)).toEqual(inbound.items.map((l) => l.inventory_item_uid));
    expect(d.inventory_receipt.line_items_computed.incoming_total).toBe(
      inbound.items.reduce((s, l) => s + l.incoming, 0),
    );
  });
});

describe('inbound export', () => {
  it('advances 25% per check, then serves a real .xlsx of the inbound', async () => {
    const inbound = [...sim.store.inbounds.values()].find(
      (i) => i.status === 'completed' && i.items.length >= 3,
    )!;
    const started = parseData(
      'inbounds.export',
      await call(sim, 'GET', `/inventory_receipts/reports/export?inventory_receipt_uid=${inbound.uid}`, {
        token,
      }),
    );
    expect(started.report).toMatchObject({ progress: 0, completed: false, download_url: null });
    const progress: number[] = [];
    let report = started.report;
    while (!report.completed && progress.length < 10) {
      report = parseData(
        'inbounds.exportCheck',
        await call(sim, 'GET', `/inventory_receipts/reports/export/check?uid=${report.uid}`, { token }),
      ).report;
      progress.push(report.progress);
    }
    expect(progress).toEqual([25, 50, 75, 100]);
    expect(report.download_url).toMatch(/\.xlsx$/);
    const file = await fetch(report.download_url!);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.getWorksheet('Inbound')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Reception', inbound.name]);
    const header = rows.findIndex((r) => r[0] === 'Product');
    expect(rows[header]).toEqual([
      'Product',
      'Variant',
      'SKU',
      'EAN',
      'Expected',
      'Sellable',
      'Missing',
      'Defects',
      'Junk',
    ]);
    const lines = rows.slice(header + 1);
    expect(lines).toHaveLength(inbound.items.length);
    inbound.items.forEach((line, i) => {
      const item = sim.store.items.get(line.inventory_item_uid)!;
      expect(lines[i]!.slice(2)).toEqual([
        item.sku,
        item.barcode,
        line.incoming,
        line.available,
        line.missing,
        line.defects,
        line.junk,
      ]);
      expect(lines[i]![0] ?? '').toBe(item.title_1 ?? '');
    });
  });

  it('a download before completion is 404', async () => {
    const inbound = [...sim.store.inbounds.values()][0]!;
    const started = parseData(
      'inbounds.export',
      await call(sim, 'GET', `/inventory_receipts/reports/export?inventory_receipt_uid=${inbound.uid}`, {
        token,
      }),
    );
    expect((await call(sim, 'GET', `/files/exports/${started.report.uid}.xlsx`)).status).toBe(404);
  });
});

describe('POST /selling_channels_analytics/search', () => {
  it('applies each filter', async () => {
    const all = await stores({});
    expect(all.count).toBe(all.selling_channels_analytics.length);
    const withCourier = all.selling_channels_analytics.find((s) =>
      s.statistics.couriers.some((c) => c.courier_id),
    )!;
    const courier = withCourier.statistics.couriers.find((c) => c.courier_id)!.courier_id!;
    const sample = all.selling_channels_analytics.find((s) => s.owner?.address?.country_code)!;
    const country = sample.owner!.address!.country_code!;
    const checks: [
      Partial<AnalyticsSearchBody>,
      (s: (typeof all.selling_channels_analytics)[number]) => boolean,
    ][] = [
      [
        { name: sample.name.slice(4, 10) },
        (s) => s.name.toLowerCase().includes(sample.name.slice(4, 10).toLowerCase()),
      ],
      [{ courier_keys: [courier] }, (s) => s.statistics.couriers.some((c) => c.courier_id === courier)],
      [{ display_priorities: [0, 1] }, (s) => s.display_priority <= 1],
      [{ company_size: ['s', 'm'] }, (s) => ['s', 'm'].includes(s.statistics.orders.size)],
      [{ activity_status: ['deleted'] }, (s) => s.activity.status === 'deleted'],
      [{ country_keys: [country.toLowerCase()] }, (s) => s.owner?.address?.country_code === country],
      [
        { sku_interval: 'between_10_and_99' },
        (s) => s.statistics.inventory_items.count >= 10 && s.statistics.inventory_items.count < 100,
      ],
      [{ source_app: 'store_view' }, (s) => (s.source_apps as string[]).includes('store_view')],
      [
        { last_activity: new Date(EPOCH - 7 * 86_400_000).toISOString() },
        (s) => Date.parse(s.statistics.activity.latest?.last_seen_at ?? '1970') >= EPOCH - 7 * 86_400_000,
      ],
    ];
    for (const [filter, predicate] of checks) {
      const r = await stores(filter);
      expect(r.count, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(r.selling_channels_analytics.every(predicate), JSON.stringify(filter)).toBe(true);
      expect(r.count, JSON.stringify(filter)).toBe(all.selling_channels_analytics.filter(predicate).length);
    }
    const bad = await call(sim, 'POST', '/selling_channels_analytics/search', {
      token,
      body: { skip: 0, limit: 5, last_activity: 'last tuesday' },
    });
    expect(errorOf(bad).fields![0]!.path).toBe('last_activity');
  });

  it('statistics ignore their own filter and match the counts', async () => {
    const filter: Partial<AnalyticsSearchBody> = {
      display_priorities: [0, 1, 2, 3],
      activity_status: ['installed'],
      source_app: 'merchants',
    };
    const r = await stores(filter);
    const sizes = (Object.values(r.company_size_statistics) as number[]).reduce((s, n) => s + n, 0);
    expect(sizes).toBe(r.count);
    expect(r.sku_statistics.all).toBe(r.count);
    expect(r.company_activity_statistics.all_count).toBe(r.count);
    expect(r.countries_statistics.reduce((s, c) => s + c.count, 0)).toBe(r.count);
    expect(r.source_app_statistics.find((s) => s.key === 'merchants')!.count).toBe(r.count);
    const display = (Object.values(r.display_statistics) as number[]).reduce((s, n) => s + n, 0);
    expect(display).toBe((await stores({ ...filter, display_priorities: undefined })).count);
    expect(r.company_size_statistics.size_m).toBe((await stores({ ...filter, company_size: ['m'] })).count);
    expect(r.company_activity_statistics.today).toBeLessThanOrEqual(r.company_activity_statistics.last_7);
    expect(r.company_activity_statistics.last_7).toBeLessThanOrEqual(r.company_activity_statistics.last_30);
  });

  it('rows carry couriers incl. missing and unknown, people and a daily sparkline', async () => {
    const rows = (await stores({})).selling_channels_analytics;
    const ids = new Set(rows.flatMap((s) => s.statistics.couriers.map((c) => c.courier_id)));
    expect(ids).toContain(null);
    expect(ids).toContain('manually_added_unknown_courier');
    expect(rows.some((s) => s.statistics.activity.people.length > 0)).toBe(true);
    for (const s of rows) {
      expect(s.statistics.orders.daily).toHaveLength(30);
      expect(s.statistics.orders.daily!.reduce((a, b) => a + b, 0)).toBe(s.statistics.orders.count);
    }
    expect(new Set(rows.map((s) => s.kind)).size).toBe(7);
  });
});

describe('POST /selling_channels_analytics/daily_orders', () => {
  const dailyOrders = (body: unknown) =>
    call(sim, 'POST', '/selling_channels_analytics/daily_orders', { token, body });

  it("gives each store's last days ending with its 30-day sparkline, and some stores need attention", async () => {
    const rows = (await stores({ activity_status: ['installed'] })).selling_channels_analytics;
    const uids = rows.map((s) => s.uid);
    const answer = parseData(
      'analytics.dailyOrders',
      await dailyOrders({ selling_channel_uids: uids, days: 35 }),
    );
    expect(answer.daily_orders.map((d) => d.selling_channel_uid)).toEqual(uids);
    const today = new Date(EPOCH).toISOString().slice(0, 10);
    for (const [i, series] of answer.daily_orders.entries()) {
      expect(series.counts).toHaveLength(35);
      expect(series.counts.slice(-30)).toEqual(rows[i]?.statistics.orders.daily);
      const end = new Date(Date.parse(series.start_date) + 34 * 86_400_000).toISOString().slice(0, 10);
      expect(end).toBe(today);
    }
    const flagged = answer.daily_orders.filter(
      (d) => storeHealth({ startDate: d.start_date, counts: d.counts }, EPOCH).needsAttention,
    );
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.length).toBeLessThan(uids.length / 4);
  });

  it('leaves out unknown stores and refuses a body out of bounds', async () => {
    const answer = parseData(
      'analytics.dailyOrders',
      await dailyOrders({ selling_channel_uids: ['sc_unknown'], days: 7 }),
    );
    expect(answer.daily_orders).toEqual([]);
    expect((await dailyOrders({ selling_channel_uids: [], days: 7 })).status).toBe(400);
    expect((await dailyOrders({ selling_channel_uids: ['sc_1'], days: 91 })).status).toBe(400);
  });
});
