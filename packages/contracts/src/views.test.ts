import { describe, expect, it } from 'vitest';
import { PAYOUT_OPTIONS } from './enums/common.js';
import { COURIER_KEYS } from './enums/couriers.js';
import { ORDER_STATUS_KEYS } from './enums/order-status.js';
import { DEFAULT_ORDERS_FILTER, type OrdersFilter } from './filters/orders-filter.js';
import { VIEW_MAX_BYTES, viewBytes, viewSaveInputSchema } from './views.js';

const ids = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) => `${String(from + i).padStart(8, '0')}-1111-4111-8111-111111111111`);
const longest = (keys: readonly string[], n: number) =>
  [...keys].sort((a, b) => b.length - a.length).slice(0, n);

/** What the console saves for its fullest realistic filter: every facet with a dozen values. */
function fullestConsoleView() {
  const filter: OrdersFilter = {
    ...DEFAULT_ORDERS_FILTER,
    reference: 'R'.repeat(200),
    statuses: longest(ORDER_STATUS_KEYS, 12),
    displayPriorities: [0, 1, 2, 3, 4, 5],
    courierKeys: longest(COURIER_KEYS, 12),
    sellingChannelsUIDS: ids(12, 0),
    fulfillmentCentersUIDS: ids(12, 100),
    assignedUsersUIDS: ids(12, 200),
    activeOrders: 'snoozed',
    payout: { selected: [...PAYOUT_OPTIONS], late: 'late' },
    orders_late: true,
  };
  // The console's query for it: each list comma-joined, commas written %2C.
  const query: Array<[string, string]> = [
    ['q', filter.reference],
    ['status', filter.statuses.join(',')],
    ['prio', filter.displayPriorities.join(',')],
    ['warehouse', filter.fulfillmentCentersUIDS.join(',')],
    ['merchant', filter.sellingChannelsUIDS.join(',')],
    ['courier', filter.courierKeys.join(',')],
    ['user', filter.assignedUsersUIDS.join(',')],
    ['active', filter.activeOrders],
    ['payout', filter.payout.selected.join(',')],
    ['late', '1'],
  ];
  const search = query.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return { id: 'fullest', name: 'Fullest', path: '/realtime' as const, search, filter };
}

describe('saved view rules', () => {
  it('refuses a name holding NUL, BEL or a right-to-left override, saying why', () => {
    for (const name of ['Late\u0000', 'Ring\u0007me', 'Invoice\u202Efdp.exe']) {
      const parsed = viewSaveInputSchema.safeParse({ ...fullestConsoleView(), name });
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/control characters/);
    }
    expect(viewSaveInputSchema.safeParse({ ...fullestConsoleView(), name: 'Întârziate 📦' }).success).toBe(
      true,
    );
  });

  it('counts a name in characters as typed, an emoji as one', () => {
    const forty = '🚚 Nachtschicht Überfällige WAW Errors 🔥🔥';
    expect(viewSaveInputSchema.safeParse({ ...fullestConsoleView(), name: forty }).success).toBe(true);
    const parsed = viewSaveInputSchema.safeParse({ ...fullestConsoleView(), name: `${forty}!` });
    expect(parsed.error?.issues[0]?.message).toBe('A view name has at most 40 characters.');
  });

  it("keeps the console's fullest realistic filter well within VIEW_MAX_BYTES", () => {
    const view = fullestConsoleView();
    expect(viewBytes(view)).toBeGreaterThan(4_000);
    expect(viewBytes(view)).toBeLessThan(VIEW_MAX_BYTES / 2);
    expect(viewSaveInputSchema.safeParse(view).success).toBe(true);
  });

  it('refuses a view whose filter and search pass VIEW_MAX_BYTES, naming the limit, though each list is allowed', () => {
    const filter: OrdersFilter = {
      ...DEFAULT_ORDERS_FILTER,
      sellingChannelsUIDS: Array.from({ length: 500 }, (_, i) => `sc${i}_`.padEnd(200, 'x')),
    };
    const parsed = viewSaveInputSchema.safeParse({ ...fullestConsoleView(), filter });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['filter'],
        // The gateway passes the limit's name on as `data.limit`.
        params: { limit: 'VIEW_MAX_BYTES' },
        message: expect.stringMatching(/at most 16 KB \(VIEW_MAX_BYTES\); these take 10\d\.\d KB/),
      }),
    ]);
  });

  it('counts a view in the UTF-8 bytes it takes, not in characters', () => {
    const plain = viewBytes({ search: '', filter: DEFAULT_ORDERS_FILTER });
    expect(viewBytes({ search: 'ab', filter: DEFAULT_ORDERS_FILTER })).toBe(plain + 2);
    expect(viewBytes({ search: 'ăș', filter: DEFAULT_ORDERS_FILTER })).toBe(plain + 4);
    expect(viewBytes({ search: '€', filter: DEFAULT_ORDERS_FILTER })).toBe(plain + 3);
    expect(viewBytes({ search: '📦', filter: DEFAULT_ORDERS_FILTER })).toBe(plain + 4);
  });
});
