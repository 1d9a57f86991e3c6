import { type AnalyticsSearchResponse, toggleStoreStatus } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import {
  countryName,
  formatBucharest,
  hasHeaderFilters,
  nextSize,
  periodOptions,
  priorityCards,
  skuOptions,
  togglePriority,
} from './filters.js';

const display = (values: number[]): AnalyticsSearchResponse['display_statistics'] => ({
  display_priority_0: values[0] ?? 0,
  display_priority_1: values[1] ?? 0,
  display_priority_2: values[2] ?? 0,
  display_priority_3: values[3] ?? 0,
  display_priority_4: values[4] ?? 0,
  display_priority_5: values[5] ?? 0,
});

describe('clients filters', () => {
  it('toggles the company size as a single select', () => {
    expect(nextSize(null, 'M')).toBe('M');
    expect(nextSize('M', 'L')).toBe('L');
    expect(nextSize('M', 'M')).toBeNull();
    expect(nextSize('XS', null)).toBeNull();
  });

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

  it('hides zero-count activity periods unless selected', () => {
    const stats = { all_count: 9, today: 0, last_7: 2, last_30: 5 };
    expect(periodOptions(stats, 'allCount').map((p) => p.label)).toEqual(['ALL', '30 DAYS', '7 DAYS']);
    expect(periodOptions(stats, 'today').map((p) => p.label)).toEqual(['ALL', '30 DAYS', '7 DAYS', 'TODAY']);
  });

  it('never deselects the last store status', () => {
    expect(toggleStoreStatus(['installed'], 'installed')).toEqual(['installed']);
    expect(toggleStoreStatus(['installed'], 'deleted')).toEqual(['installed', 'deleted']);
    expect(toggleStoreStatus(['installed', 'deleted'], 'installed')).toEqual(['deleted']);
  });

  it('shows priority cards with counts and ignores a click on the only enabled card', () => {
    const cards = priorityCards(display([3, 0, 2, 1, 5, 7]), [0, 1, 2, 3]);
    expect(cards.map((c) => [c.priority, c.count, c.enabled])).toEqual([
      [0, 3, true],
      [2, 2, true],
      [3, 1, true],
      [4, 5, false],
    ]);
    expect(togglePriority(cards, [0, 1, 2, 3], 2)).toEqual([0, 1, 3]);
    expect(togglePriority(cards, [0, 1, 2, 3], 4)).toEqual([0, 1, 2, 3, 4]);
    const single = priorityCards(display([3, 0, 2]), [0]);
    expect(togglePriority(single, [0], 0)).toEqual([0]);
    expect(togglePriority(single, [0], 2)).toEqual([0, 2]);
  });

  it('shows Clear Filters only for a country or courier', () => {
    expect(hasHeaderFilters({ country: null, courier: null })).toBe(false);
    expect(hasHeaderFilters({ country: 'RO', courier: null })).toBe(true);
    expect(hasHeaderFilters({ country: null, courier: 'dpd_ro' })).toBe(true);
  });

  it('formats times in Europe/Bucharest and names countries in English', () => {
    expect(formatBucharest('2024-01-15T10:00:00Z')).toBe('15 Jan 2024, 12:00');
    expect(formatBucharest('2024-07-15T10:00:00')).toBe('15 Jul 2024, 13:00');
    expect(formatBucharest(null)).toBe('-');
    expect(countryName('ro')).toBe('Romania');
    expect(countryName('DE')).toBe('Germany');
  });
});
