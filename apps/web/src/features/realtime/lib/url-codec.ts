import {
  type ActiveOrders,
  DEFAULT_ORDERS_FILTER,
  type OrdersFilter,
  ordersFilterSchema,
  PAYOUT_OPTIONS,
  type PayoutOption,
  setLateMode,
} from '@waybill/contracts';
import type { UrlFilterCodec } from '../../../hooks/use-url-filters.js';

/**
 * Orders filter ⇄ URL query. Only what differs from the user's default filter is written, so the
 * default view keeps a clean /realtime. Unknown or malformed values are dropped, never fatal.
 * Parameters this codec does not own (the shop-install `state`) are left alone.
 */
export const FILTER_PARAMS = [
  'q',
  'status',
  'prio',
  'warehouse',
  'merchant',
  'courier',
  'user',
  'active',
  'payout',
  'late',
] as const;

const MAX_VALUES = 200;
const ALL = 'all';

const list = (value: string | null): string[] =>
  value === null
    ? []
    : value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v.length > 0 && v.length <= 200)
        .slice(0, MAX_VALUES);

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((v) => b.includes(v)) && b.every((v) => a.includes(v));

/** The default filter for a user: everyone starts on priorities 0-3, active orders; see defaultsFor. */
export function defaultOrdersFilter(assignedUsersUIDS: readonly string[] = []): OrdersFilter {
  return { ...DEFAULT_ORDERS_FILTER, assignedUsersUIDS: [...assignedUsersUIDS] };
}

export function encodeOrdersFilter(
  filter: OrdersFilter,
  defaults: OrdersFilter,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of FILTER_PARAMS) params.delete(key);
  const putList = (key: string, values: readonly (string | number)[], def: readonly (string | number)[]) => {
    if (!sameSet(values, def)) params.set(key, values.length === 0 ? ALL : values.join(','));
  };
  const reference = filter.reference.trim();
  if (reference) params.set('q', reference);
  putList('status', filter.statuses, defaults.statuses);
  putList('prio', [...filter.displayPriorities].sort(), [...defaults.displayPriorities].sort());
  putList('warehouse', filter.fulfillmentCentersUIDS, defaults.fulfillmentCentersUIDS);
  putList('merchant', filter.sellingChannelsUIDS, defaults.sellingChannelsUIDS);
  putList('courier', filter.courierKeys, defaults.courierKeys);
  putList('user', filter.assignedUsersUIDS, defaults.assignedUsersUIDS);
  if (filter.activeOrders !== defaults.activeOrders) params.set('active', filter.activeOrders);
  putList('payout', filter.payout.selected, defaults.payout.selected);
  if (filter.orders_late) params.set('late', '1');
  return params;
}

export function decodeOrdersFilter(params: URLSearchParams, defaults: OrdersFilter): OrdersFilter {
  const pick = (key: string, def: readonly string[]): string[] => {
    const raw = params.get(key);
    if (raw === null) return [...def];
    return raw === ALL ? [] : list(raw);
  };
  let filter: OrdersFilter = {
    ...defaults,
    reference: (params.get('q') ?? '').trim().slice(0, 200),
    statuses: pick('status', defaults.statuses),
    fulfillmentCentersUIDS: pick('warehouse', defaults.fulfillmentCentersUIDS),
    sellingChannelsUIDS: pick('merchant', defaults.sellingChannelsUIDS),
    courierKeys: pick('courier', defaults.courierKeys),
    assignedUsersUIDS: pick('user', defaults.assignedUsersUIDS),
    activeOrders: activeOf(params.get('active')) ?? defaults.activeOrders,
    payout: {
      selected: pick('payout', defaults.payout.selected).filter((p): p is PayoutOption =>
        (PAYOUT_OPTIONS as readonly string[]).includes(p),
      ),
      late: null,
    },
    status_late: { status: null },
    orders_late: false,
  };
  if (params.get('late') === '1') filter = setLateMode(filter, true);
  const prio = params.get('prio');
  if (prio !== null) {
    const values = prio === ALL ? [] : list(prio).map(Number);
    filter.displayPriorities = [...new Set(values.filter((p) => Number.isInteger(p) && p >= 0 && p <= 5))];
  }
  const parsed = ordersFilterSchema.safeParse(filter);
  return parsed.success ? parsed.data : { ...defaults };
}

function activeOf(value: string | null): ActiveOrders | null {
  return value === 'all' || value === 'active' || value === 'snoozed' ? value : null;
}

/** The orders codec as the shared URL-filter hook takes it. */
export const ordersUrlCodec: UrlFilterCodec<OrdersFilter> = {
  params: FILTER_PARAMS,
  encode: encodeOrdersFilter,
  decode: decodeOrdersFilter,
};
