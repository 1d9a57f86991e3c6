import { type OrdersFilter, toggleCourier } from '@waybill/contracts';
import type { FilterOption } from './filter-options.js';

export type NarrowingKind = 'warehouse' | 'merchant' | 'courier';

export interface NarrowingChoice {
  kind: NarrowingKind;
  value: string;
  label: string;
  count: number;
}

const KIND_FIELD = {
  warehouse: 'fulfillmentCentersUIDS',
  merchant: 'sellingChannelsUIDS',
  courier: 'courierKeys',
} as const satisfies Record<NarrowingKind, keyof OrdersFilter>;

/**
 * Filters that bring a capped list within reach: single warehouses, merchants or couriers not
 * chosen yet whose orders the list can load whole (0 < count <= `fits`), largest first, at most `max`.
 * A kind already narrowed by the filter is left out (the choice would widen it instead).
 */
export function narrowingChoices(
  options: Record<NarrowingKind, readonly FilterOption[]>,
  filter: OrdersFilter,
  fits: number,
  max = 4,
): NarrowingChoice[] {
  const choices: NarrowingChoice[] = [];
  for (const kind of Object.keys(KIND_FIELD) as NarrowingKind[]) {
    if (filter[KIND_FIELD[kind]].length > 0) continue;
    for (const o of options[kind])
      if (o.count > 0 && o.count <= fits)
        choices.push({ kind, value: o.value, label: o.label, count: o.count });
  }
  return choices.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, max);
}

/** The filter narrowed to one choice (a Cargus courier brings its pair, as the courier filter does). */
export function narrowedFilter(
  filter: OrdersFilter,
  choice: Pick<NarrowingChoice, 'kind' | 'value'>,
): OrdersFilter {
  const values = choice.kind === 'courier' ? toggleCourier([], choice.value) : [choice.value];
  return { ...filter, [KIND_FIELD[choice.kind]]: values };
}
