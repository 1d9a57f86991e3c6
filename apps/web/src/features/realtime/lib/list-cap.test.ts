import { DEFAULT_ORDERS_FILTER } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { narrowedFilter, narrowingChoices } from './list-cap.js';

const option = (value: string, count: number) => ({ value, label: value.toUpperCase(), count });

describe('narrowing a capped list', () => {
  it('offers single warehouses, merchants or couriers whose orders all fit, largest first', () => {
    const choices = narrowingChoices(
      {
        warehouse: [option('fc-1', 1400), option('fc-2', 800), option('fc-3', 0)],
        merchant: [option('sc-1', 950)],
        courier: [option('dpd_ro', 300)],
      },
      DEFAULT_ORDERS_FILTER,
      1000,
    );
    expect(choices.map((c) => c.value)).toEqual(['sc-1', 'fc-2', 'dpd_ro']);
  });

  it('leaves out a kind the filter already narrows, and narrows to one value (Cargus with its pair)', () => {
    const filter = { ...DEFAULT_ORDERS_FILTER, fulfillmentCentersUIDS: ['fc-9'] };
    const choices = narrowingChoices(
      { warehouse: [option('fc-2', 10)], merchant: [], courier: [option('cargus_ro', 10)] },
      filter,
      1000,
    );
    expect(choices.map((c) => c.kind)).toEqual(['courier']);
    expect(narrowedFilter(filter, choices[0]!).courierKeys.sort()).toEqual(['cargus_ro', 'urgent_cargus']);
    expect(narrowedFilter(filter, { kind: 'warehouse', value: 'fc-2' }).fulfillmentCentersUIDS).toEqual([
      'fc-2',
    ]);
  });
});
