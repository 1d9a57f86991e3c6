import { ESCALATION_MINUTES } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { call, EPOCH, errorOf, login, parseData, startTestSim } from './helpers.js';

let sim: RunningSim;
let token: string;
let devToken: string;

beforeAll(async () => {
  sim = await startTestSim({ epoch: EPOCH, orders: 1500 });
  token = await login(sim);
  devToken = await login(sim, 'dev@example.com');
});
afterAll(() => sim.close());

const comment = (
  actions: Partial<{
    escalate: boolean;
    escalate_value: number | null;
    snooze: boolean;
    snooze_value: number | null;
  }>,
  text = 'Called the courier about it.',
) => ({
  text,
  team: actions.escalate ? ('development' as const) : null,
  actions: { escalate: false, escalate_value: null, snooze: false, snooze_value: null, ...actions },
  communication: { method: 'internal_note' as const },
});

async function detail(uid: string, t = token) {
  return parseData('orders.detail', await call(sim, 'GET', `/orders/order/${uid}`, { token: t }));
}

describe('comments', () => {
  it('snooze lasts snooze_value hours (x 60 minutes) and the order reads as snoozed', async () => {
    const order = [...sim.store.orders.values()].find(
      (o) => o.comments.length === 0 && o.managed_by === 'waybill',
    )!;
    const before = order.updatedMs;
    const res = await call(sim, 'POST', `/orders/order/${order.uid}/comments`, {
      token,
      body: comment({ snooze: true, snooze_value: 3 }),
    });
    const data = parseData('orders.addComment', res);
    expect(data.order.comments.count_).toBe(1);
    expect(data.order.comments.status).toBe('snoozed');
    expect(Date.parse(data.order.updated_at)).toBeGreaterThan(before);
    const c = (await detail(order.uid)).comments[0]!;
    expect(c.actions.snooze.active).toBe(true);
    expect(Date.parse(c.actions.snooze.until!) - Date.parse(c.created_at)).toBe(3 * 3_600_000);
    expect(c.user?.uid).toBe(sim.store.users[0]!.uid);
    const snoozed = parseData(
      'orders.search',
      await call(sim, 'POST', '/orders/search', {
        token,
        body: { skip: 0, limit: 10_000, managed_by: 'waybill', active_status: 'snoozed' },
      }),
    );
    expect(snoozed.orders.map((o) => o.uid)).toContain(order.uid);
  });

  it('a new comment retires the previous latest comment’s active escalation (was_active)', async () => {
    const order = [...sim.store.orders.values()].find(
      (o) => o.comments.length === 0 && o.managed_by === 'waybill',
    )!;
    const first = parseData(
      'orders.addComment',
      await call(sim, 'POST', `/orders/order/${order.uid}/comments`, {
        token,
        body: comment({ escalate: true, escalate_value: ESCALATION_MINUTES }),
      }),
    );
    expect(first.order.comments.status).toBe('escalated');
    expect(first.order.comments.team).toBe('development');
    const escalated = (await detail(order.uid)).comments[0]!;
    expect(Date.parse(escalated.actions.escalate.until!) - Date.parse(escalated.created_at)).toBe(
      ESCALATION_MINUTES * 60_000,
    );

    const second = parseData(
      'orders.addComment',
      await call(sim, 'POST', `/orders/order/${order.uid}/comments`, { token, body: comment({}) }),
    );
    expect(second.order.comments.count_).toBe(2);
    expect(second.order.comments.status).toBeNull();
    const [old, latest] = (await detail(order.uid)).comments;
    expect(old!.actions.escalate).toMatchObject({
      active: false,
      was_active: true,
      was_until: escalated.actions.escalate.until,
    });
    expect(latest!.actions.escalate.active).toBe(false);
    expect(latest!.actions.escalate.was_active).toBe(false);
  });

  it('rejects escalate + snooze, empty text and snooze without duration, naming the field', async () => {
    const uid = [...sim.store.orders.keys()][5]!;
    const both = await call(sim, 'POST', `/orders/order/${uid}/comments`, {
      token,
      body: comment({ escalate: true, escalate_value: 1, snooze: true, snooze_value: 60 }),
    });
    expect(errorOf(both).fields![0]!.path).toBe('actions.snooze');
    const empty = await call(sim, 'POST', `/orders/order/${uid}/comments`, {
      token,
      body: comment({}, '   '),
    });
    expect(errorOf(empty).fields![0]!.path).toBe('text');
    const noValue = await call(sim, 'POST', `/orders/order/${uid}/comments`, {
      token,
      body: comment({ snooze: true }),
    });
    expect(errorOf(noValue).fields![0]!.path).toBe('actions.snooze_value');
  });

  it('mark_seen records the caller with seen_at', async () => {
    const order = [...sim.store.orders.values()].find((o) => o.comments.length > 0)!;
    const uid = order.comments[0]!.uid;
    const devUid = sim.store.users.find((u) => u.email === 'dev@example.com')!.uid;
    const data = parseData(
      'orders.markSeen',
      await call(sim, 'POST', '/orders/order/comments/mark_seen', {
        token: devToken,
        body: { comment_uid: uid },
      }),
    );
    const seen = data.comment.seen_by.filter((s) => s.user_uid === devUid);
    expect(seen).toHaveLength(1);
    // Seen again: one entry, refreshed.
    const again = parseData(
      'orders.markSeen',
      await call(sim, 'POST', '/orders/order/comments/mark_seen', {
        token: devToken,
        body: { comment_uid: uid },
      }),
    );
    expect(again.comment.seen_by.filter((s) => s.user_uid === devUid)).toHaveLength(1);
  });
});

describe('status changes, labels and workflows', () => {
  it('change_status moves the order, appends history and bumps updated_at', async () => {
    const order = [...sim.store.orders.values()].find((o) => o.status === 'shipping_in_transit')!;
    const happened = new Date(EPOCH - 3_600_000).toISOString();
    const data = parseData(
      'orders.changeStatus',
      await call(sim, 'POST', '/orders/change_status', {
        token,
        body: { status: 'shipping_delivered', order_uid: order.uid, happened_at: happened },
      }),
    );
    expect(data.order.aggregated_status).toEqual({ key: 'shipping_delivered', date: happened });
    expect(data.order.statuses_history.aggregated_status.at(-1)?.key).toBe('shipping_delivered');
    expect(data.order.display_priority).toBe(4);
    const lost = await call(sim, 'POST', '/orders/change_status', {
      token,
      body: { status: 'lost', order_uid: order.uid, happened_at: happened },
    });
    expect(lost.status).toBe(409);
  });

  it('reissue creates a new label set served as a real PDF', async () => {
    const labelled = new Set(sim.store.fulfillmentCenters.filter((f) => f.requiresLabel).map((f) => f.uid));
    const order = [...sim.store.orders.values()].find(
      (o) => o.status === 'in_picking' && labelled.has(o.fulfillment_center_uid ?? ''),
    )!;
    const oldTracking = order.tracking;
    const data = parseData(
      'orders.reissueLabel',
      await call(sim, 'POST', '/orders/reissue_shipping_label', {
        token,
        body: { order_uid: order.uid, number_of_parcels: 3 },
      }),
    );
    const labels = data.order.shipments.at(-1)!.documents[0]!.labels;
    expect(labels).toHaveLength(3);
    expect(data.order.aggregated_courier?.tracking_number).not.toBe(oldTracking);
    const pdf = await fetch(labels[2]!.download_url!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(bytes).toContain('Parcel 3 of 3');
    // Not in a reissue status → 409; too few parcels → 400 naming it.
    const delivered = [...sim.store.orders.values()].find((o) => o.status === 'shipping_delivered')!;
    expect(
      (
        await call(sim, 'POST', '/orders/reissue_shipping_label', {
          token,
          body: { order_uid: delivered.uid, number_of_parcels: 2 },
        })
      ).status,
    ).toBe(409);
    const one = await call(sim, 'POST', '/orders/reissue_shipping_label', {
      token,
      body: { order_uid: order.uid, number_of_parcels: 1 },
    });
    expect(errorOf(one).fields![0]!.path).toBe('number_of_parcels');
  });

  it('invalid-address workflow: create only from errors_incorrect_shipping_address, then interrupt', async () => {
    const order = [...sim.store.orders.values()].find(
      (o) => o.status === 'errors_incorrect_shipping_address' && !o.workflowUid,
    )!;
    const created = parseData(
      'orders.invalidAddress.create',
      await call(sim, 'POST', '/orders/poc_1_workflow/order_invalid_address/create', {
        token,
        body: { order_uid: order.uid },
      }),
    );
    expect(created.workflow).toMatchObject({ order_uid: order.uid, status: 'running' });
    expect((await detail(order.uid)).order.poc_1_workflow?.uid).toBe(created.workflow.uid);
    const twice = await call(sim, 'POST', '/orders/poc_1_workflow/order_invalid_address/create', {
      token,
      body: { order_uid: order.uid },
    });
    expect(twice.status).toBe(409);
    const interrupted = parseData(
      'orders.invalidAddress.interrupt',
      await call(sim, 'POST', '/orders/poc_1_workflow/order_invalid_address/interrupt', {
        token,
        body: { workflow_uid: created.workflow.uid },
      }),
    );
    expect(interrupted.workflow.status).toBe('interrupted');
    const after = await detail(order.uid);
    expect(after.order.poc_1_workflow).toBeNull();
    expect(after.poc_1_workflow?.status).toBe('interrupted');
    const wrong = [...sim.store.orders.values()].find((o) => o.status === 'shipping_delivered')!;
    expect(
      (
        await call(sim, 'POST', '/orders/poc_1_workflow/order_invalid_address/create', {
          token,
          body: { order_uid: wrong.uid },
        })
      ).status,
    ).toBe(409);
  });

  it('order detail lists the inventory items of its line items, with images the sim serves', async () => {
    const order = [...sim.store.orders.values()].find((o) => o.line_items.length > 1)!;
    const d = await detail(order.uid);
    expect(d.inventory_items.map((i) => i.uid).sort()).toEqual(
      [...new Set(order.line_items.map((l) => l.inventory_item_uid))].sort(),
    );
    const img = await fetch(d.inventory_items[0]!.images[0]!.src);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
    expect(await img.text()).toContain('<svg');
  });
});

describe('inbounds', () => {
  it('change_status sets the status, priority and late flag', async () => {
    const inbound = [...sim.store.inbounds.values()].find((i) => i.status === 'in_transit')!;
    const happened = new Date(EPOCH - 60_000).toISOString();
    const data = parseData(
      'inbounds.changeStatus',
      await call(sim, 'POST', '/inventory_receipts/change_status', {
        token,
        body: { status: 'arrived', inventory_receipt_uid: inbound.uid, happened_at: happened },
      }),
    );
    expect(data.inventory_receipt.status).toBe('arrived');
    expect(data.inventory_receipt.external_dates.updated_at).toBe(happened);
    expect(data.inventory_receipt.late.is_late).toBe(false);
    expect(data.inventory_receipt.display_priority).toBe(3);
    const bad = await call(sim, 'POST', '/inventory_receipts/change_status', {
      token,
      body: { status: 'completed', inventory_receipt_uid: inbound.uid, happened_at: happened },
    });
    expect(errorOf(bad).fields![0]!.path).toBe('status');
  });
});

describe('simulator time effects', () => {
  it('an expired snooze bumps updated_at at the next tick and leaves the snoozed filter', async () => {
    let clock = EPOCH;
    const { buildSimApp } = await import('../src/index.js');
    const app = buildSimApp({
      seed: 'clock',
      epoch: EPOCH,
      orders: 300,
      inbounds: 10,
      stores: 10,
      now: () => clock,
    });
    const { store, control } = app.sim;
    const order = [...store.orders.values()].find((o) => o.comments.length === 0)!;
    const { addComment } = await import('../src/domain/comments.js');
    store.mutateOrder(order, (o) => {
      addComment(o, {
        uid: 'cmt_test',
        text: 'snoozing for an hour',
        team: null,
        escalateMinutes: null,
        snoozeMinutes: 60,
        method: 'internal_note',
        user: null,
        nowMs: store.touch(o),
      });
    });
    expect(order.ix.snoozeUntil).toBe(EPOCH + 3_600_000);
    control.tick();
    const before = order.updatedMs;
    clock = EPOCH + 3_600_001;
    const result = control.tick();
    expect(result.changedOrders).toContain(order.uid);
    expect(order.updatedMs).toBeGreaterThan(before);
    await app.close();
  });
});

describe('a snooze that has run out', () => {
  it('keeps the order’s comment status snoozed with its end (late icon), and the order is active again', async () => {
    let nowMs = EPOCH;
    const clocked = await startTestSim({ epoch: EPOCH, orders: 200, now: () => nowMs });
    try {
      const t = await login(clocked);
      const order = [...clocked.store.orders.values()].find(
        (o) => o.comments.length === 0 && o.managed_by === 'waybill',
      )!;
      await call(clocked, 'POST', `/orders/order/${order.uid}/comments`, {
        token: t,
        body: comment({ snooze: true, snooze_value: 1 }),
      });
      nowMs += 8 * 3_600_000;
      const read = parseData(
        'orders.detail',
        await call(clocked, 'GET', `/orders/order/${order.uid}`, { token: t }),
      );
      expect(read.order.comments.status).toBe('snoozed');
      expect(Date.parse(read.order.comments.until!)).toBe(EPOCH + 3_600_000);
      const snoozed = parseData(
        'orders.search',
        await call(clocked, 'POST', '/orders/search', {
          token: t,
          body: { skip: 0, limit: 10_000, managed_by: 'waybill', active_status: 'snoozed' },
        }),
      );
      expect(snoozed.orders.map((o) => o.uid)).not.toContain(order.uid);
    } finally {
      await clocked.close();
    }
  });
});
