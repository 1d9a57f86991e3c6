import { describe, expect, it } from 'vitest';
import {
  activityPill,
  courierCell,
  courierShares,
  newTag,
  percentText,
  planBadge,
  sizeBadge,
  storeAge,
  storeAppLink,
  storeState,
} from './store-rules.js';

const now = new Date('2024-06-30T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('store rules', () => {
  it('picks a safe app link', () => {
    expect(storeAppLink([{ key: 'bi_app_link', value: 'https://bi.example/x' }])).toBe(
      'https://bi.example/x',
    );
    expect(
      storeAppLink([
        { key: 'bi_app_link', value: 'https://bi.example/x' },
        { key: 'shopify_app_link', value: 'https://admin.shopify.com/x' },
      ]),
    ).toBe('https://admin.shopify.com/x');
    expect(storeAppLink([{ key: 'shopify_app_link', value: 'javascript:alert(1)' }])).toBeNull();
    expect(storeAppLink([])).toBeNull();
  });

  it('derives uninstalled and development states', () => {
    const base = { kind: 'shopify', store: { plan_name: 'paid_1' as const } };
    const activity = { created_at: daysAgo(5), installed_at: null, deleted_at: null, status: 'installed' };
    expect(storeState({ ...base, activity })).toBe('installed');
    expect(storeState({ ...base, activity: { ...activity, status: 'deleted' } })).toBe('uninstalled');
    expect(storeState({ kind: 'shopify', store: { plan_name: 'free' }, activity })).toBe('development');
    expect(storeState({ kind: 'magento2', store: { plan_name: 'free' }, activity })).toBe('installed');
  });

  it('labels plans per platform', () => {
    expect(planBadge('shopify', 'paid_1')).toBe('BASIC');
    expect(planBadge('shopify', 'paid_3')).toBe('SHOPIFY');
    expect(planBadge('shopify', 'paid_5')).toBe('ADVANCED');
    expect(planBadge('shopify', 'paid_7')).toBe('PLUS');
    expect(planBadge('shopify', 'free')).toBe('DEVELOPMENT');
    expect(planBadge('magento2', 'paid_1')).toBe('MAGENTO');
    expect(planBadge('woocommerce', null)).toBe('DEV');
    expect(planBadge('blugento_ro', 'paid_7')).toBe('DEV');
  });

  it('fades size badges by size and hides the label when uninstalled', () => {
    expect(sizeBadge('xl', 'installed')).toEqual({ label: 'XL', opacity: 1 });
    expect(sizeBadge('l', 'installed').opacity).toBe(1);
    expect(sizeBadge('m', 'installed').opacity).toBe(1);
    expect(sizeBadge('s', 'installed').opacity).toBe(0.64);
    expect(sizeBadge('xs', 'installed').opacity).toBe(0.32);
    expect(sizeBadge('xl', 'uninstalled')).toEqual({ label: '', opacity: 0.32 });
  });

  it('tags new stores solid under 10 days and outlined until 20', () => {
    expect(newTag(daysAgo(9.9), daysAgo(100), now)).toBe('solid');
    expect(newTag(daysAgo(10), daysAgo(100), now)).toBe('outlined');
    expect(newTag(daysAgo(19.99), daysAgo(100), now)).toBe('outlined');
    expect(newTag(daysAgo(20), daysAgo(100), now)).toBeNull();
    expect(newTag(null, daysAgo(3), now)).toBe('solid');
  });

  it('shows store age in days under a year, then years', () => {
    expect(storeAge(daysAgo(1), now)).toBe('1 day');
    expect(storeAge(daysAgo(364), now)).toBe('364 days');
    expect(storeAge(daysAgo(365), now)).toBe('1 year');
    expect(storeAge(daysAgo(800), now)).toBe('2 years');
    expect(storeAge('garbage', now)).toBe('-');
  });

  it('puts recent activity inside the score pill and older activity apart', () => {
    expect(activityPill({ user_uid: 'u', last_seen_at: daysAgo(1), score: 87.4 }, now)).toEqual({
      score: 87,
      inlineTime: '1 day ago',
      separateTime: null,
    });
    expect(activityPill({ user_uid: 'u', last_seen_at: daysAgo(4), score: 10 }, now)).toEqual({
      score: 10,
      inlineTime: null,
      separateTime: '4 days ago',
    });
    expect(activityPill(null, now)).toBeNull();
    expect(activityPill({ user_uid: null, last_seen_at: null, score: 0 }, now)).toBeNull();
  });
});

describe('courier cell', () => {
  it('flags missing couriers above 10%', () => {
    expect(
      courierCell([
        { courier_id: null, count: 11 },
        { courier_id: 'dpd_ro', count: 89 },
      ]),
    ).toEqual({ kind: 'missing' });
    expect(
      courierCell([
        { courier_id: null, count: 10 },
        { courier_id: 'dpd_ro', count: 90 },
      ]).kind,
    ).toBe('logos');
  });

  it('flags unknown couriers above 10%', () => {
    expect(
      courierCell([
        { courier_id: 'manually_added_unknown_courier', count: 2 },
        { courier_id: 'gls_ro', count: 8 },
      ]),
    ).toEqual({ kind: 'unknown' });
  });

  it('shows up to 3 logos, deduplicated by logo, by count descending', () => {
    const cell = courierCell([
      { courier_id: 'dpd_ro', count: 5 },
      { courier_id: 'gls_ro', count: 50 },
      { courier_id: 'cargus_ro', count: 20 },
      { courier_id: 'urgent_cargus', count: 30 },
      { courier_id: 'sameday_ro', count: 10 },
    ]);
    expect(cell).toEqual({
      kind: 'logos',
      logos: [
        { logo: 'gls', name: 'GLS', courierId: 'gls_ro' },
        { logo: 'cargus', name: 'Cargus', courierId: 'urgent_cargus' },
        { logo: 'sameday', name: 'Sameday', courierId: 'sameday_ro' },
      ],
    });
    expect(courierCell([])).toEqual({ kind: 'empty' });
    expect(courierCell([{ courier_id: 'mystery_post', count: 1 }])).toEqual({
      kind: 'logos',
      logos: [{ logo: 'mystery_post', name: 'Courier', courierId: 'mystery_post' }],
    });
  });

  it('merges courier groups and rounds percentages up with <1', () => {
    expect(percentText(0.004)).toBe('<1');
    expect(percentText(0.101)).toBe('11');
    expect(percentText(0.5)).toBe('50');
    expect(percentText(0)).toBe('0');
    const shares = courierShares([
      { courier_id: 'gls_ro', count: 300 },
      { courier_id: 'gls_hu', count: 200 },
      { courier_id: 'cargus_ro', count: 498 },
      { courier_id: null, count: 2 },
    ]);
    expect(shares.map((s) => [s.label, s.count, s.percent])).toEqual([
      ['GLS', 500, '50'],
      ['Cargus', 498, '50'],
      ['Missing', 2, '<1'],
    ]);
  });
});
