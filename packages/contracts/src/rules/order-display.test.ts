import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERS_FILTER } from '../filters/orders-filter.js';
import {
  currentLabel,
  defaultOrderDetailTab,
  hasReturnIcon,
  historyActor,
  isDefaultOrdersFilter,
  isProviderManaged,
  labelFileName,
  labelOfFile,
  labelPath,
  lineQuantityText,
  lineQuantityWord,
  listCapText,
  orderDetailSearch,
  orderExternalLink,
  orderHistoryTimeline,
  orderLabels,
  paymentBadge,
  showListFooter,
  warehouseCode,
} from './order-display.js';
import { setLateMode } from './orders-filter-rules.js';
import { makeOrder } from './test-fixtures.js';

describe('line quantity wording', () => {
  it.each([
    ['shipping_in_transit', 'in transit'],
    ['shipping_out_for_delivery', 'in transit'],
    ['shipping_in_parcel_locker', 'in transit'],
    ['shipping_refused', 'in transit'],
    ['shipping_delivered', 'delivered'],
    ['shipping_returning_to_sender', 'returning'],
    ['back_to_sender', 'reshelved'],
    ['cancelled', 'reshelved'],
    ['lost', 'lost'],
    ['ready_for_picking', 'reserved'],
    ['in_picking', 'reserved'],
    ['new_', 'reserved'],
    ['fulfilled', 'reserved'],
  ])('%s → %s', (status, word) => {
    expect(lineQuantityWord(status)).toBe(word);
  });
  it.each([
    [{ quantity: 3, missing_quantity: 0 }, 'lost', { quantity: '3 lost', missing: null }],
    [{ quantity: 2, missing_quantity: 1 }, 'in_picking', { quantity: '2 reserved', missing: '1 N/A' }],
  ])('%j in %s → %j', (item, status, text) => {
    expect(lineQuantityText(item, status)).toEqual(text);
  });
});

describe('payment badge', () => {
  it.each([
    [{ cash_on_delivery: true, bank_deposit: false }, 'COD'],
    [{ cash_on_delivery: false, bank_deposit: true }, 'BANK'],
    [{ cash_on_delivery: false, bank_deposit: false }, 'CARD'],
    [{ cash_on_delivery: true, bank_deposit: true }, 'COD'],
  ])('%j → %s', (payment, badge) => {
    expect(paymentBadge(payment)).toBe(badge);
  });
});

describe('history actor and return icon', () => {
  it.each([
    ['new', 'selling_channel'],
    ['new_', 'selling_channel'],
    ['initializing_fulfillment', 'fulfillment_provider'],
    ['awaiting_fulfillment_order', 'fulfillment_provider'],
    ['ready_for_picking', 'fulfillment_center'],
    ['in_picking', 'fulfillment_center'],
    ['waiting_for_courier', 'fulfillment_center'],
    ['back_to_sender', 'fulfillment_center'],
    ['shipping_in_transit', 'courier'],
    ['shipping_delivered', 'courier'],
    ['shipment_generated_awb', 'courier'],
    ['cancelled', 'fulfillment_provider'],
  ])('%s → %s', (status, actor) => {
    expect(historyActor(status)).toBe(actor);
  });
  it.each([
    ['shipping_returning_to_sender', true],
    ['back_to_sender', true],
    ['shipping_received_by_sender', false],
    ['returned', false],
  ])('%s return icon %s', (status, icon) => {
    expect(hasReturnIcon(status)).toBe(icon);
  });
});

describe('history timeline', () => {
  it("'new' entry plus every status, sorted ascending, with elapsed times", () => {
    const order = makeOrder({
      external_app_dates: { created_at: '2024-05-01T08:00:00' },
      statuses_history: {
        aggregated_status: [
          { key: 'shipping_in_transit', priority: 3, date: '2024-05-02T10:00:00' },
          { key: 'ready_for_picking', priority: 3, date: '2024-05-01T08:30:00' },
          { key: 'shipping_returning_to_sender', priority: 2, date: '2024-05-05T10:00:05' },
          { key: 'in_picking', priority: 3, date: '2024-05-01T11:30:00' },
        ],
      },
    });
    const timeline = orderHistoryTimeline(order);
    expect(timeline.map((e) => [e.key, e.label, e.actor, e.returnIcon, e.elapsedToNext])).toEqual([
      ['new', 'New', 'selling_channel', false, '30 minutes'],
      ['ready_for_picking', 'Ready for Picking', 'fulfillment_center', false, '3 hours'],
      ['in_picking', 'In Picking', 'fulfillment_center', false, '22 hours'],
      ['shipping_in_transit', 'In Transit', 'courier', false, '3 days'],
      ['shipping_returning_to_sender', 'Returning to Sender', 'courier', true, null],
    ]);
  });
  it('equal dates keep their order; unreadable dates go last without elapsed time', () => {
    const order = makeOrder({
      external_app_dates: { created_at: '2024-05-01T08:00:00' },
      statuses_history: {
        aggregated_status: [
          { key: 'lost', priority: 0, date: 'broken' },
          { key: 'in_picking', priority: 3, date: '2024-05-01T08:00:00' },
          { key: 'waiting_for_courier', priority: 3, date: '2024-05-01T08:00:01' },
        ],
      },
    });
    const timeline = orderHistoryTimeline(order);
    expect(timeline.map((e) => [e.key, e.elapsedToNext])).toEqual([
      ['new', '0 seconds'],
      ['in_picking', '1 second'],
      ['waiting_for_courier', null],
      ['lost', null],
    ]);
    expect(timeline.at(-1)?.date).toBeNull();
  });
  it.each(['new_', 'new'])("a history that starts with '%s' at the created date shows New once", (key) => {
    const order = makeOrder({
      external_app_dates: { created_at: '2024-05-01T08:00:00' },
      statuses_history: {
        aggregated_status: [
          { key, priority: 3, date: '2024-05-01T08:00:00' },
          { key: 'ready_for_picking', priority: 3, date: '2024-05-01T09:00:00' },
        ],
      },
    });
    const timeline = orderHistoryTimeline(order);
    expect(timeline.map((e) => [e.key, e.label, e.elapsedToNext])).toEqual([
      ['new', 'New', '1 hour'],
      ['ready_for_picking', 'Ready for Picking', null],
    ]);
  });
  it('an order without history has only the new entry', () => {
    expect(orderHistoryTimeline(makeOrder()).map((e) => e.key)).toEqual(['new']);
  });
});

describe('default detail tab', () => {
  it.each([
    ['shipping_delivered', 'history'],
    ['returned', 'history'],
    ['back_to_sender', 'history'],
    ['lost', 'comments'],
    ['in_picking', 'comments'],
    ['shipping_returning_to_sender', 'comments'],
  ])('%s → %s', (status, tab) => {
    expect(defaultOrderDetailTab(status)).toBe(tab);
  });
});

describe('order detail query', () => {
  it.each([
    [{ uid: 'o1', commentCount: 0 }, '?uid=o1&newComment=true'],
    [{ uid: 'o1', commentCount: 2 }, '?uid=o1'],
    [{ uid: 'o1', commentCount: 2, addComment: true }, '?uid=o1&newComment=true'],
    [{ uid: 'o1', commentCount: 2, unread: 1 }, '?uid=o1&hasUnread=true'],
    [{ uid: 'o1', commentCount: 2, cached: true }, '?uid=o1&cached=true'],
    [{ uid: 'o 1&x', commentCount: 1, cached: false }, '?uid=o%201%26x&cached=false'],
  ])('%j → %s', (params, search) => {
    expect(orderDetailSearch(params)).toBe(search);
  });
});

describe('row details', () => {
  it.each([
    ['waybill', true],
    ['merchant', false],
    [null, false],
  ])('managed_by %s → provider marker %s', (managedBy, marker) => {
    expect(isProviderManaged(makeOrder({ managed_by: managedBy }), 'waybill')).toBe(marker);
  });
  it('current label: first label that has one', () => {
    expect(currentLabel(makeOrder())).toBeNull();
    expect(
      currentLabel(
        makeOrder({
          shipments: [
            { documents: [{ labels: [{ download_url: null }] }] },
            {
              documents: [
                { labels: [{ download_url: 'https://x/a.pdf' }, { download_url: 'https://x/b.pdf' }] },
              ],
            },
          ],
        }),
      )?.url,
    ).toBe('https://x/a.pdf');
  });
  it('a label is fetched from the gateway by order, shipment and box, and saved under the reference', () => {
    const label = { shipment: 2, box: 3 };
    expect(labelPath('ord 1/x', label)).toBe('/orders/ord%201%2Fx/labels/2-3.pdf');
    expect(labelOfFile('2-3.pdf')).toEqual(label);
    for (const bad of ['0-1.pdf', '1-0.pdf', '1-1.PDF', '1-1.pdf.exe', '../1-1.pdf', '12345-1.pdf', '1-1'])
      expect(labelOfFile(bad), bad).toBeNull();
    expect(labelFileName({ uid: 'ord_1', reference: 'WB 82/34' }, label)).toBe('label-WB_82_34-2-3.pdf');
    expect(labelFileName({ uid: 'ord_1', reference: null }, label)).toBe('label-ord_1-2-3.pdf');
  });
  it('a reissued label: the row links the latest shipment, every box of every shipment is listed', () => {
    const order = makeOrder({
      shipments: [
        { documents: [{ labels: [{ download_url: 'https://x/1-1.pdf' }] }] },
        {
          documents: [
            {
              labels: [
                { download_url: 'https://x/2-1.pdf' },
                { download_url: 'https://x/2-2.pdf' },
                { download_url: 'https://x/2-3.pdf' },
              ],
            },
          ],
        },
        { documents: [{ labels: [{ download_url: null }] }] },
      ],
    });
    expect(currentLabel(order)?.url).toBe('https://x/2-1.pdf');
    expect(orderLabels(order)).toEqual([
      { url: 'https://x/1-1.pdf', shipment: 1, box: 1, boxes: 1, current: false },
      { url: 'https://x/2-1.pdf', shipment: 2, box: 1, boxes: 3, current: true },
      { url: 'https://x/2-2.pdf', shipment: 2, box: 2, boxes: 3, current: true },
      { url: 'https://x/2-3.pdf', shipment: 2, box: 3, boxes: 3, current: true },
    ]);
  });
  it('external order link: metadata order_external_link, http(s) only', () => {
    const link = (value: unknown) =>
      orderExternalLink({ metadata: [{ key: 'order_external_link', value }] } as never);
    expect(link('https://shop.example.com/admin/orders/7')).toBe('https://shop.example.com/admin/orders/7');
    expect(link('javascript:alert(1)')).toBeNull();
    expect(link('not a url')).toBeNull();
    expect(orderExternalLink({ metadata: [] })).toBeNull();
  });
  it('a list capped short of its matches says how many match and how many it shows', () => {
    expect(listCapText(1000, 2650, false)).toBe('Showing the first 1,000 of 2,650 matching orders.');
    expect(listCapText(1000, 2650, true)).toBeNull();
    expect(listCapText(120, 120, false)).toBeNull();
    expect(listCapText(1000, null, false)).toBeNull();
    expect(listCapText(0, 5, false)).toBeNull();
  });
  it('warehouse code', () => {
    expect(warehouseCode(makeOrder())).toBe('WH-77');
    expect(warehouseCode(makeOrder({ fulfillment_center_fulfillment_orders: [] }))).toBeNull();
  });
});

describe('default filter and footer', () => {
  it.each([
    [DEFAULT_ORDERS_FILTER, true],
    [{ ...DEFAULT_ORDERS_FILTER, displayPriorities: [3, 2, 1, 0] }, true],
    [{ ...DEFAULT_ORDERS_FILTER, reference: '  ' }, true],
    [{ ...DEFAULT_ORDERS_FILTER, reference: 'x' }, false],
    [setLateMode(DEFAULT_ORDERS_FILTER, true), false],
    [{ ...DEFAULT_ORDERS_FILTER, courierKeys: ['dpd_ro'] }, false],
    [{ ...DEFAULT_ORDERS_FILTER, activeOrders: 'all' as const }, false],
  ])('%j is the default: %s', (filter, isDefault) => {
    expect(isDefaultOrdersFilter(filter)).toBe(isDefault);
  });
  it("compares with the user's own defaults (their assigned-user choice)", () => {
    const mine = { ...DEFAULT_ORDERS_FILTER, assignedUsersUIDS: ['usr_me'] };
    expect(isDefaultOrdersFilter(mine, mine)).toBe(true);
    expect(isDefaultOrdersFilter(DEFAULT_ORDERS_FILTER, mine)).toBe(false);
    expect(isDefaultOrdersFilter(mine)).toBe(false);
  });
  it.each([
    [0, false, false],
    [5, true, false],
    [5, false, true],
  ])('%i rows, more %s → footer %s', (rows, more, shown) => {
    expect(showListFooter(rows, more)).toBe(shown);
  });
});
