import { z } from 'zod';
import { inboundIsLate, inboundPriority } from '../data/generate-inbounds.js';
import type { SimInbound, SimUser } from '../data/types.js';
import { inboundWorkbook } from '../files/xlsx.js';
import { searchAnalytics } from '../search/analytics-search.js';
import { searchInbounds } from '../search/inbounds-search.js';
import { inboundRow } from '../search/rows.js';
import type { ExportReportState, SimStore } from '../store.js';
import { fieldError, forbidden, notFound, parseOrThrow } from '../util/errors.js';
import { DAY, iso, parseTimestamp } from '../util/time.js';
import { wireInbound, wireItem, wireStore } from '../wire.js';
import type { Handlers } from './types.js';

/** Each check advances an export by this much, so a report completes on the fourth check. */
export const EXPORT_PROGRESS_STEP = 25;

const uidParam = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(200);
const exportQuery = z.object({ inventory_receipt_uid: uidParam('inventory_receipt_uid') });
const checkQuery = z.object({ uid: uidParam('uid') });

function getInbound(store: SimStore, uid: string): SimInbound {
  const inbound = store.inbounds.get(uid);
  if (!inbound) throw notFound('Inventory receipt', uid);
  return inbound;
}

/** Whether this user may see the inbound: one restricted by control lets only its readers. */
function mayRead(store: SimStore, uid: string, user: SimUser | null): boolean {
  const readers = store.inboundReaders.get(uid);
  return !readers || user?.superadmin === true || (user !== null && readers.has(user.uid));
}

/** The inbound, if this user may see it. */
function readableInbound(store: SimStore, uid: string, user: SimUser | null): SimInbound {
  const inbound = getInbound(store, uid);
  if (!mayRead(store, uid, user)) throw forbidden(`You have no access to inventory receipt "${uid}"`);
  return inbound;
}

function wireReport(store: SimStore, r: ExportReportState) {
  return {
    uid: r.uid,
    progress: r.progress,
    completed: r.completed,
    download_url: r.completed ? `${store.baseUrl}/files/exports/${r.uid}.xlsx` : null,
    error: null,
  };
}

/** Build the workbook once, when the report completes. */
export async function reportFile(store: SimStore, report: ExportReportState): Promise<Buffer> {
  if (report.file) return report.file;
  const inbound = getInbound(store, report.inboundUid);
  report.file = await inboundWorkbook({
    inbound,
    items: store.items,
    organizationName: store.organizations.find((o) => o.uid === inbound.organization_uid)?.name ?? null,
    warehouse: store.fulfillmentCenters.find((f) => f.uid === inbound.fulfillment_center_uid) ?? null,
    nowMs: store.now(),
  });
  return report.file;
}

type InboundRoutes =
  | 'inbounds.search'
  | 'inbounds.detail'
  | 'inbounds.changeStatus'
  | 'inbounds.export'
  | 'inbounds.exportCheck'
  | 'analytics.search'
  | 'analytics.dailyOrders';

export const inboundHandlers: Handlers<InboundRoutes> = {
  'inbounds.search': ({ body, store, user }) => {
    // Neither listed nor counted where the user may not open it.
    const r = searchInbounds(store, body, (uid) => mayRead(store, uid, user));
    return {
      inventory_receipts: r.page.map(wireInbound),
      document_count: r.total,
      fulfillment_centers_statistics: r.fulfillmentCenters.map(inboundRow),
      organizations_statistics: r.organizations.map(inboundRow),
      assigned_users_statistics: r.assignedUsers.map(inboundRow),
      statuses_statistics: r.statuses.map(inboundRow),
      number_of_lates_statistics: { number_of_inventory_receipts_late: r.late },
      number_of_items_statistics: r.kinds,
      display_statistics: {
        display_priority_0: r.display[0] ?? 0,
        display_priority_1: r.display[1] ?? 0,
        display_priority_2: r.display[2] ?? 0,
        display_priority_3: r.display[3] ?? 0,
        display_priority_4: r.display[4] ?? 0,
        display_priority_5: r.display[5] ?? 0,
        display_priority_6: r.display[6] ?? 0,
      },
    };
  },
  'inbounds.detail': ({ params, store, user }) => {
    const inbound = readableInbound(store, params.uid ?? '', user);
    return {
      inventory_receipt: wireInbound(inbound),
      inventory_items: inbound.items.flatMap((line) => {
        const item = store.items.get(line.inventory_item_uid);
        return item ? [wireItem(store, item)] : [];
      }),
    };
  },
  'inbounds.changeStatus': ({ body, store, nowMs, user }) => {
    const inbound = readableInbound(store, body.inventory_receipt_uid, user);
    const happened = parseTimestamp(body.happened_at);
    if (Number.isNaN(happened)) throw fieldError('happened_at', 'must be an ISO date-time');
    inbound.status = body.status;
    // The operator's date is when the status took effect; it never moves updated_at backwards.
    inbound.updatedMs = Math.max(happened, inbound.createdMs);
    inbound.late = inboundIsLate(inbound, nowMs);
    inbound.display_priority = inboundPriority(inbound.status, inbound.late);
    return { inventory_receipt: wireInbound(inbound) };
  },
  'inbounds.export': ({ query, store, nowMs, user }) => {
    const q = parseOrThrow(exportQuery, query, 'query');
    const inbound = readableInbound(store, q.inventory_receipt_uid, user);
    const report: ExportReportState = {
      uid: store.newId('rpt'),
      inboundUid: inbound.uid,
      progress: 0,
      completed: false,
      createdMs: nowMs,
      file: null,
    };
    store.reports.set(report.uid, report);
    return { report: wireReport(store, report) };
  },
  'inbounds.exportCheck': async ({ query, store }) => {
    const q = parseOrThrow(checkQuery, query, 'query');
    const report = store.reports.get(q.uid);
    if (!report) throw notFound('Report', q.uid);
    if (!report.completed) {
      report.progress = Math.min(100, report.progress + EXPORT_PROGRESS_STEP);
      if (report.progress >= 100) {
        await reportFile(store, report);
        report.completed = true;
      }
    }
    return { report: wireReport(store, report) };
  },
  'analytics.search': ({ body, store, nowMs }) => {
    const r = searchAnalytics(store, body, nowMs);
    return {
      selling_channels_analytics: r.page.map(wireStore),
      count: r.total,
      couriers_statistics: r.couriers,
      display_statistics: {
        display_priority_0: r.display[0] ?? 0,
        display_priority_1: r.display[1] ?? 0,
        display_priority_2: r.display[2] ?? 0,
        display_priority_3: r.display[3] ?? 0,
        display_priority_4: r.display[4] ?? 0,
        display_priority_5: r.display[5] ?? 0,
      },
      company_size_statistics: {
        size_0: r.sizes['0'],
        size_xs: r.sizes.xs,
        size_s: r.sizes.s,
        size_m: r.sizes.m,
        size_l: r.sizes.l,
        size_xl: r.sizes.xl,
      },
      company_activity_statistics: r.activity,
      countries_statistics: r.countries,
      sku_statistics: r.skus,
      source_app_statistics: r.sourceApps,
    };
  },
  // Per-store daily orders for store health: the last `days` days (at most the sim's history),
  // ending on the data set's today. Unknown stores are left out.
  'analytics.dailyOrders': ({ body, store }) => {
    const byUid = new Map(store.stores.map((s) => [s.uid, s]));
    const today = Math.floor(store.options.epoch / DAY) * DAY;
    const daily_orders = body.selling_channel_uids.flatMap((uid) => {
      const found = byUid.get(uid);
      if (!found) return [];
      const counts = found.history.slice(-body.days);
      return [
        { selling_channel_uid: uid, start_date: iso(today - (counts.length - 1) * DAY).slice(0, 10), counts },
      ];
    });
    return { daily_orders };
  },
};
