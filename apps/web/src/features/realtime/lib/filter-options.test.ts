import type { User } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import {
  assignedUserOptions,
  courierOptions,
  merchantOptions,
  nextCourierSelection,
  warehouseOptions,
} from './filter-options.js';

const user = (uid: string, name: string, extra: Partial<User> = {}): User => ({
  uid,
  name,
  department: 'customer_support',
  access_to: [],
  superadmin: false,
  ...extra,
});
const row = (key: string, general: number, p: [number, number, number, number]) => ({
  key,
  count_general: general,
  count_display_priority_0: p[0],
  count_display_priority_1: p[1],
  count_display_priority_2: p[2],
  count_display_priority_3: p[3],
});

describe('assigned-user options', () => {
  it('leaves superadmins out and orders by priority index, then count, then name', () => {
    const users = [
      user('a', 'Zoe'),
      user('b', 'Adam'),
      user('c', 'Root', { superadmin: true }),
      user('d', 'Bea'),
      user('e', 'Cid'),
    ];
    const stats = [
      row('a', 5, [0, 0, 1, 0]),
      row('b', 9, [0, 0, 0, 9]),
      row('d', 2, [1, 0, 0, 0]),
      row('e', 7, [0, 0, 3, 0]),
    ];
    expect(assignedUserOptions(users, stats).map((o) => o.label)).toEqual(['Bea', 'Cid', 'Zoe', 'Adam']);
  });
});

describe('warehouse, merchant and courier options', () => {
  it('sorts by count and labels with names', () => {
    const centers = [
      {
        uid: 'f1',
        name: 'Cluj',
        timezone: 'Europe/Bucharest',
        address: null,
        display_address: { country_code: 'RO' },
        settings: { shipping: { requires_shipping_label: true } },
      },
      {
        uid: 'f2',
        name: 'Berlin',
        timezone: 'Europe/Berlin',
        address: { country_code: 'DE' },
        display_address: null,
        settings: { shipping: { requires_shipping_label: false } },
      },
    ];
    const stats = [{ ...row('f2', 8, [0, 0, 0, 0]), count_display_priority_all: 8 }];
    const options = warehouseOptions(centers, stats);
    expect(options.map((o) => [o.label, o.count, o.hint])).toEqual([
      ['Berlin', 8, 'DE'],
      ['Cluj', 0, 'RO'],
    ]);
    const merchants = merchantOptions(
      [{ uid: 's1', alias: null, name: 'shop-one', kind: 'woocommerce', owner: null }],
      [],
    );
    expect(merchants[0]).toMatchObject({ label: 'shop-one', hint: 'WooCommerce', count: 0 });
    const couriers = courierOptions(
      [{ ...row('dpd_ro', 3, [0, 0, 0, 0]), count_display_priority_all: 3 }],
      ['gls_hu'],
    );
    expect(couriers.map((c) => c.label)).toEqual(['DPD Romania', 'GLS Hungary']);
  });

  it("labels an unknown courier key 'Courier', as the clients screen does", () => {
    const couriers = courierOptions(
      [{ ...row('mystery_post', 2, [0, 0, 0, 0]), count_display_priority_all: 2 }],
      [],
    );
    expect(couriers).toEqual([{ value: 'mystery_post', label: 'Courier', count: 2 }]);
  });

  it('selects and clears cargus_ro and urgent_cargus together', () => {
    expect(nextCourierSelection([], ['cargus_ro'])).toEqual(['cargus_ro', 'urgent_cargus']);
    expect(nextCourierSelection(['cargus_ro', 'urgent_cargus'], ['cargus_ro'])).toEqual([]);
    expect(nextCourierSelection(['dpd_ro'], ['dpd_ro', 'urgent_cargus'])).toEqual([
      'dpd_ro',
      'cargus_ro',
      'urgent_cargus',
    ]);
    expect(nextCourierSelection(['dpd_ro'], [])).toEqual([]);
  });
});
