import { toggleStoreStatus } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { countryName, formatBucharest, periodOptions, skuOptions } from './filters.js';

describe('clients filters', () => {
  it('hides zero-count SKU options but keeps Any', () => {
    const options = skuOptions({
      all: 10,
      less_than_10: 4,
      between_10_and_99: 0,
      between_100_and_999: 6,
      more_than_999: 0,
    });
    expect(options.map((o) => o.label)).toEqual(['Any # of SKUs', 'Under 10', '100-999']);
    expect(skuOptions(undefined).map((o) => o.value)).toEqual(['all']);
  });

  it('hides zero-count activity periods; ALL always stays; all stand before the counts are known', () => {
    const stats = { all_count: 9, today: 0, last_7: 2, last_30: 5 };
    expect(periodOptions(stats).map((p) => [p.value, p.label, p.count])).toEqual([
      ['allCount', 'ALL', 9],
      ['last30', '30 DAYS', 5],
      ['last7', '7 DAYS', 2],
    ]);
    expect(periodOptions({ all_count: 0, today: 0, last_7: 0, last_30: 0 }).map((p) => p.label)).toEqual([
      'ALL',
    ]);
    expect(periodOptions(undefined).map((p) => p.label)).toEqual(['ALL', '30 DAYS', '7 DAYS', 'TODAY']);
  });

  it('never deselects the last store status', () => {
    expect(toggleStoreStatus(['installed'], 'installed')).toEqual(['installed']);
    expect(toggleStoreStatus(['installed'], 'deleted')).toEqual(['installed', 'deleted']);
    expect(toggleStoreStatus(['installed', 'deleted'], 'installed')).toEqual(['deleted']);
  });

  it('formats times in Europe/Bucharest and names countries in English', () => {
    expect(formatBucharest('2024-01-15T10:00:00Z')).toBe('15 Jan 2024, 12:00');
    expect(formatBucharest('2024-07-15T10:00:00')).toBe('15 Jul 2024, 13:00');
    expect(formatBucharest(null)).toBe('-');
    expect(countryName('ro')).toBe('Romania');
    expect(countryName('DE')).toBe('Germany');
  });
});
