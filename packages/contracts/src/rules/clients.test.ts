import { describe, expect, it } from 'vitest';
import {
  activityPill,
  clientsHasClearableFilters,
  courierCell,
  courierLongName,
  courierPercent,
  courierPopoverLabel,
  courierPopoverRows,
  courierShortName,
  isNewInventoryItem,
  normaliseSizeKey,
  planBadgeLabel,
  sizeBadge,
  storeAge,
  storeDisplayStatus,
  storeNewTag,
  toggleCompanySize,
  visibleCountOptions,
} from './clients.js';
import { DAY_MS, HOUR_MS } from './time.js';

const NOW = new Date(Date.UTC(2024, 5, 15, 12));
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('size badge opacity: 1 for XL, L, M; 0.64 for S; 0.32 for XS', () => {
  it.each([
    ['xl', 'XL', 1],
    ['l', 'L', 1],
    ['m', 'M', 1],
    ['s', 'S', 0.64],
    ['xs', 'XS', 0.32],
    ['sizeXL', 'XL', 1],
    ['sizeS', 'S', 0.64],
    ['0', '-', 0.32],
    ['size0', '-', 0.32],
  ])('%s → %s at %f', (size, label, opacity) => {
    expect(sizeBadge(size, 'installed')).toEqual({ label, opacity, uninstalled: false });
  });
  it.each(['xl', 's', 'xs'])('uninstalled %s: faded, no label', (size) => {
    expect(sizeBadge(size, 'deleted')).toEqual({ label: null, opacity: 0.32, uninstalled: true });
  });
  it.each([
    ['sizeXS', 'xs'],
    ['SIZEm', 'm'],
    ['XL', 'xl'],
    ['size0', '0'],
  ])('normaliseSizeKey %s → %s', (size, key) => {
    expect(normaliseSizeKey(size)).toBe(key);
  });
});

describe('plan badge labels', () => {
  it.each([
    ['shopify', 'paid_1', 'BASIC'],
    ['shopify', 'paid_3', 'SHOPIFY'],
    ['shopify', 'paid_5', 'ADVANCED'],
    ['shopify', 'paid_7', 'PLUS'],
    // Plan badge labels: "free shows as development", upper-cased like the other badges.
    ['shopify', 'free', 'DEVELOPMENT'],
    // Unnamed tiers: not a stated rule; decided in docs/decisions/contracts.md: the nearest lower named
    // tier; no plan reads SHOPIFY.
    ['shopify', 'paid_2', 'BASIC'],
    ['shopify', 'paid_4', 'SHOPIFY'],
    ['shopify', 'paid_6', 'ADVANCED'],
    ['shopify', 'paid_8', 'PLUS'],
    ['shopify', null, 'SHOPIFY'],
    ['magento2', 'paid_1', 'MAGENTO'],
    ['magento2', null, 'MAGENTO'],
    ['woocommerce', 'paid_7', 'DEV'],
    ['gomag_ro', null, 'DEV'],
    ['blugento_ro', 'free', 'DEV'],
    ['standard_api_v1', null, 'DEV'],
  ])('%s %s → %s', (kind, plan, label) => {
    expect(planBadgeLabel(kind, plan)).toBe(label);
  });
});

describe('store display status', () => {
  const row = (kind: string, plan: 'free' | 'paid_1' | null, status: string) => ({
    kind,
    store: { plan_name: plan },
    activity: { created_at: '2024-01-01', installed_at: null, deleted_at: null, status },
  });
  it.each([
    [row('shopify', 'free', 'installed'), 'development'],
    [row('shopify', 'paid_1', 'installed'), 'installed'],
    [row('shopify', 'free', 'deleted'), 'uninstalled'],
    [row('magento2', 'free', 'installed'), 'installed'],
    [row('woocommerce', null, 'development'), 'development'],
    [row('woocommerce', null, 'deleted'), 'uninstalled'],
  ])('%j → %s', (r, status) => {
    expect(storeDisplayStatus(r)).toBe(status);
  });
});

describe('NEW tags', () => {
  it.each([
    [0, true],
    [29 * DAY_MS, true],
    // Server times drop fractions of a second, so boundaries are tested a whole second apart.
    [30 * DAY_MS - 1000, true],
    [30 * DAY_MS, false],
    [400 * DAY_MS, false],
  ])('inventory item created %i ms ago → NEW %s', (ms, isNew) => {
    expect(isNewInventoryItem(ago(ms), NOW)).toBe(isNew);
  });
  it('inventory item without a readable date is not new', () => {
    expect(isNewInventoryItem(null, NOW)).toBe(false);
    expect(isNewInventoryItem('soon', NOW)).toBe(false);
  });
  it.each([
    [0, 'solid'],
    [9 * DAY_MS, 'solid'],
    [10 * DAY_MS - 1000, 'solid'],
    [10 * DAY_MS, 'outlined'],
    [15 * DAY_MS, 'outlined'],
    [19.99 * DAY_MS, 'outlined'],
    [20 * DAY_MS, null],
    [100 * DAY_MS, null],
    [-DAY_MS, 'solid'],
  ])('store installed %f ms ago → %s', (ms, tag) => {
    expect(storeNewTag(ago(ms), NOW)).toBe(tag);
  });
  it('a store never installed has no tag', () => {
    expect(storeNewTag(null, NOW)).toBeNull();
  });
});

describe('store age: days under 1 year, otherwise years', () => {
  it.each([
    [0, '0 days'],
    [DAY_MS, '1 day'],
    [200 * DAY_MS, '200 days'],
    [364 * DAY_MS, '364 days'],
    [365 * DAY_MS, '1 year'],
    [729 * DAY_MS, '1 year'],
    [730 * DAY_MS, '2 years'],
    [-5 * DAY_MS, '0 days'],
  ])('%i ms → %s', (ms, text) => {
    expect(storeAge(ago(ms), NOW)?.text).toBe(text);
  });
  it('unreadable creation date → null', () => {
    expect(storeAge('never', NOW)).toBeNull();
  });
});

describe('courier cell', () => {
  it.each([
    [[], { kind: 'empty' }],
    [[{ courier_id: 'dpd_ro', count: 0 }], { kind: 'empty' }],
    [
      [
        { courier_id: null, count: 11 },
        { courier_id: 'dpd_ro', count: 89 },
      ],
      { kind: 'missing', text: 'Missing Couriers' },
    ],
    [
      [
        { courier_id: null, count: 10 },
        { courier_id: 'dpd_ro', count: 90 },
      ],
      { kind: 'logos', couriers: [{ key: 'dpd_ro', logo: 'dpd', name: 'DPD', count: 90 }] },
    ],
    [
      [
        { courier_id: 'manually_added_unknown_courier', count: 11 },
        { courier_id: 'dpd_ro', count: 89 },
      ],
      { kind: 'unknown', text: 'Unknown Couriers' },
    ],
    [
      [
        { courier_id: 'manually_added_unknown_courier', count: 20 },
        { courier_id: null, count: 20 },
        { courier_id: 'dpd_ro', count: 60 },
      ],
      { kind: 'missing', text: 'Missing Couriers' },
    ],
    [[{ courier_id: null, count: 5 }], { kind: 'missing', text: 'Missing Couriers' }],
  ])('%j → %j', (stats, cell) => {
    expect(courierCell(stats)).toEqual(cell);
  });

  it('up to 3 distinct logos, deduplicated by logo, highest count first', () => {
    const cell = courierCell([
      { courier_id: 'gls_ro', count: 5 },
      { courier_id: 'dpd_ro', count: 40 },
      { courier_id: 'dpd_hu', count: 30 },
      { courier_id: 'sameday_ro', count: 20 },
      { courier_id: 'cargus_ro', count: 25 },
      { courier_id: 'urgent_cargus', count: 26 },
    ]);
    expect(cell).toEqual({
      kind: 'logos',
      couriers: [
        { key: 'dpd_ro', logo: 'dpd', name: 'DPD', count: 40 },
        { key: 'urgent_cargus', logo: 'cargus', name: 'Cargus', count: 26 },
        { key: 'sameday_ro', logo: 'sameday', name: 'Sameday', count: 20 },
      ],
    });
  });

  it('unknown keys keep their own logo slot; small shares of missing/unknown are left out', () => {
    const cell = courierCell([
      { courier_id: 'some_new_courier', count: 50 },
      { courier_id: null, count: 5 },
      { courier_id: 'manually_added_unknown_courier', count: 5 },
      { courier_id: 'dhl', count: 40 },
    ]);
    expect(cell).toEqual({
      kind: 'logos',
      couriers: [
        // Placeholders: an unknown courier shows 'Courier'.
        { key: 'some_new_courier', logo: 'unknown:some_new_courier', name: 'Courier', count: 50 },
        { key: 'dhl', logo: 'dhl', name: 'DHL', count: 40 },
      ],
    });
  });
});

describe('courier popover: percentages rounded up, below 1% as <1', () => {
  it.each([
    [1, 3, '34'],
    [2, 3, '67'],
    [3, 10, '30'],
    [1, 100, '1'],
    [101, 1000, '11'],
    [1, 2, '50'],
    [1, 101, '<1'],
    [1, 1000, '<1'],
    [999, 1000, '100'],
    [1, 1, '100'],
    [0, 10, '0'],
    [5, 0, '0'],
  ])('%i of %i → %s', (count, all, percent) => {
    expect(courierPercent(count, all)).toBe(percent);
  });
  it.each([
    ['gls_ro', 'GLS'],
    ['gls_hr', 'GLS'],
    ['cargus_ro', 'Cargus'],
    ['urgent_cargus', 'Cargus'],
    ['dpd_uk', 'DPD'],
    ['dpd_de', 'DPD'],
    // Only the three courier popover groups (GLS, Cargus, DPD) merge: gls_de is not in the GLS group,
    // Sameday has no group.
    ['gls_de', 'GLS Germany'],
    ['sameday_ro', 'Sameday Romania'],
    ['sameday_hu', 'Sameday Hungary'],
    ['fan_courier_ro', 'FAN Courier Romania'],
    [null, 'Missing'],
    ['manually_added_unknown_courier', 'Unknown'],
    // Placeholders: an unknown courier shows 'Courier'.
    ['mystery', 'Courier'],
  ])('label %s → %s', (key, label) => {
    expect(courierPopoverLabel(key)).toBe(label);
  });
  const stat = (courier_id: string | null, count: number) => ({ courier_id, count });
  const row = (label: string, count: number, percent: string) => ({ label, count, percent });
  it.each([
    [
      'merges groups and sorts by count',
      [
        stat('gls_ro', 10),
        stat('gls_hu', 15),
        stat('cargus_ro', 30),
        stat('urgent_cargus', 44),
        stat('dhl', 1),
        stat('ups', 0),
      ],
      [row('Cargus', 74, '74'), row('GLS', 25, '25'), row('DHL', 1, '1')],
    ],
    [
      'keeps couriers outside the three groups apart',
      [stat('sameday_ro', 50), stat('sameday_hu', 30), stat('gls_ro', 15), stat('gls_de', 5)],
      [
        row('Sameday Romania', 50, '50'),
        row('Sameday Hungary', 30, '30'),
        row('GLS', 15, '15'),
        row('GLS Germany', 5, '5'),
      ],
    ],
    [
      'shows small shares as <1',
      [stat('gls_ro', 300), stat('gls_hu', 200), stat('cargus_ro', 498), stat(null, 2)],
      [row('GLS', 500, '50'), row('Cargus', 498, '50'), row('Missing', 2, '<1')],
    ],
  ])('popover rows: %s', (_name, stats, rows) => {
    expect(courierPopoverRows(stats)).toEqual(rows);
  });
  // Placeholders: "unknown selling channel alias shows 'Unknown'; unknown warehouse 'Unknown';
  // unknown courier 'Courier'; missing organisation name '-'." The long name is what both courier filter
  // dropdowns list.
  it.each([
    ['dpd_ro', 'DPD', 'DPD Romania'],
    ['urgent_cargus', 'Cargus', 'Urgent Cargus'],
    ['gls_hu', 'GLS', 'GLS Hungary'],
    ['manually_added_unknown_courier', 'Unknown', 'Unknown courier'],
    ['mystery_post', 'Courier', 'Courier'],
    [null, 'Courier', 'Courier'],
  ])('%s: short name %s, long name %s', (key, short, long) => {
    expect(courierShortName(key)).toBe(short);
    expect(courierLongName(key)).toBe(long);
  });
});

describe('activity pill: within 3 days the score pill shows relative time', () => {
  it.each([
    [HOUR_MS, { kind: 'combined', score: 7, relative: '1 hour ago' }],
    [3 * DAY_MS, { kind: 'combined', score: 7, relative: '3 days ago' }],
    [3 * DAY_MS + 1000, { kind: 'separate', score: 7, relative: '3 days ago' }],
    [10 * DAY_MS, { kind: 'separate', score: 7, relative: '10 days ago' }],
  ])('seen %i ms ago → %j', (ms, pill) => {
    expect(activityPill({ user_uid: 'u', last_seen_at: ago(ms), score: 7 }, NOW)).toEqual(pill);
  });
  it('null latest user shows an empty placeholder', () => {
    expect(activityPill(null, NOW)).toEqual({ kind: 'empty' });
    expect(activityPill({ user_uid: null, last_seen_at: ago(0), score: 1 }, NOW)).toEqual({ kind: 'empty' });
  });
  it('unknown last seen keeps the score alone', () => {
    expect(activityPill({ user_uid: 'u', last_seen_at: null, score: 2 }, NOW)).toEqual({
      kind: 'separate',
      score: 2,
      relative: null,
    });
  });
});

describe('clients filter helpers', () => {
  it.each([
    [{ country: null, courier: null }, false],
    [{ country: 'RO', courier: null }, true],
    [{ country: null, courier: 'dpd_ro' }, true],
  ])('Clear Filters %j → %s', (filter, shown) => {
    expect(clientsHasClearableFilters(filter)).toBe(shown);
  });
  it.each([
    [null, 'M', 'M'],
    ['M', 'M', null],
    ['S', 'M', 'M'],
  ])('size %s click %s → %s', (current, size, out) => {
    expect(toggleCompanySize(current, size)).toBe(out);
  });
  it('zero-count options are hidden, the catch-all stays', () => {
    const counts: Record<string, number> = {
      all: 0,
      less_than_10: 4,
      between_10_and_99: 0,
      more_than_999: 2,
    };
    expect(
      visibleCountOptions(
        ['all', 'less_than_10', 'between_10_and_99', 'more_than_999'],
        (o) => counts[o] ?? 0,
        'all',
      ),
    ).toEqual(['all', 'less_than_10', 'more_than_999']);
  });
  // Clients screen: "Activity-period button group: ALL, 30 DAYS, 7 DAYS, TODAY. Zero-count buttons are
  // hidden." A selected period with no stores is hidden as well; ALL stays, so the selection can be left.
  it.each([
    [{ allCount: 9, last30: 5, last7: 2, today: 0 }, ['allCount', 'last30', 'last7']],
    [{ allCount: 0, last30: 0, last7: 0, today: 0 }, ['allCount']],
    [{ allCount: 4, last30: 0, last7: 0, today: 1 }, ['allCount', 'today']],
  ] as const)('activity periods %j → %j', (counts, shown) => {
    const periods = ['allCount', 'last30', 'last7', 'today'] as const;
    expect(visibleCountOptions(periods, (p) => counts[p], 'allCount')).toEqual(shown);
  });
  it('keeps the selected option whose count dropped to 0 (it still filters)', () => {
    const counts: Record<string, number> = { allCount: 4, last30: 2, last7: 0, today: 0 };
    const periods = ['allCount', 'last30', 'last7', 'today'] as const;
    expect(visibleCountOptions(periods, (p) => counts[p] ?? 0, 'allCount', 'today')).toEqual([
      'allCount',
      'last30',
      'today',
    ]);
  });
});
