import { describe, expect, it } from 'vitest';
import { locationsSummary, rowNewTag, storeAppLink } from './store-rules.js';

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

  it('tags new stores from the install date, or the creation date when never installed', () => {
    expect(rowNewTag({ installed_at: daysAgo(9.9), created_at: daysAgo(100) }, now)).toBe('solid');
    expect(rowNewTag({ installed_at: daysAgo(15), created_at: daysAgo(3) }, now)).toBe('outlined');
    expect(rowNewTag({ installed_at: daysAgo(25), created_at: daysAgo(3) }, now)).toBeNull();
    expect(rowNewTag({ installed_at: null, created_at: daysAgo(3) }, now)).toBe('solid');
    expect(rowNewTag({ installed_at: null, created_at: daysAgo(30) }, now)).toBeNull();
  });

  it('counts locations and names the first fulfillment service', () => {
    expect(
      locationsSummary([
        { fulfillment_services: [{ service_name: 'Central Warehouse' }] },
        { fulfillment_services: [] },
      ]),
    ).toEqual({ count: 2, firstService: 'Central Warehouse' });
    expect(locationsSummary([])).toEqual({ count: 0, firstService: null });
  });
});
