import {
  CONSOLE_SCREENS,
  formatOrderReference,
  type Order,
  type OrdersFilter,
  ordersFilterSchema,
  rankByReference,
} from '@waybill/contracts';
import type { SavedView } from '../../lib/saved-views.js';
import { viewHref } from '../../lib/saved-views.js';
import { MINE_HREF } from '../holds/use-mine.js';
import type { OrderCommand } from './palette-commands.js';

export interface PaletteItem {
  id: string;
  group: 'Commands' | 'Orders' | 'Screens' | 'Saved views';
  label: string;
  hint?: string;
  /** Where the item goes; a command runs instead. */
  href?: string;
  command?: OrderCommand;
}

export const SCREENS: readonly PaletteItem[] = CONSOLE_SCREENS.map((screen) => ({
  id: `screen${screen.path.replaceAll('/', '-')}`,
  group: 'Screens',
  label: screen.paletteLabel,
  href: screen.path,
}));

/** Views every user has: the orders they hold. */
export const BUILT_IN_VIEWS: readonly PaletteItem[] = [
  { id: 'view-mine', group: 'Saved views', label: 'Mine: orders I hold', href: MINE_HREF },
];

/** Characters a reference search needs before the palette asks the gateway. */
export const ORDER_QUERY_MIN = 2;

/**
 * The palette looks an order up by reference in every status, priority and snooze state (the list's
 * default filter hides delivered, lost, cancelled and snoozed orders).
 */
export function everyStatusFilter(reference: string): OrdersFilter {
  return ordersFilterSchema.parse({
    reference: reference.trim(),
    displayPriorities: [0, 1, 2, 3, 4, 5],
    activeOrders: 'all',
  });
}

export const matches = (text: string, query: string) =>
  text.toLowerCase().includes(query.trim().toLowerCase());

/** Orders found (best match first), then screens and saved views whose name holds the query. */
export function paletteItems(
  query: string,
  orders: readonly Pick<Order, 'uid' | 'reference' | 'aggregated_status'>[],
  views: readonly SavedView[],
  statusLabel: (key: string) => string,
): PaletteItem[] {
  // The exact reference first, then references starting with the query, then the rest.
  const orderItems = rankByReference(query, orders).map<PaletteItem>((o) => ({
    id: `order-${o.uid}`,
    group: 'Orders',
    label: `Order ${formatOrderReference(o.reference)}`,
    hint: statusLabel(o.aggregated_status.key),
    href: `/realtime/order?uid=${encodeURIComponent(o.uid)}`,
  }));
  const viewItems = views.map<PaletteItem>((v) => ({
    id: `view-${v.id}`,
    group: 'Saved views',
    label: v.name,
    href: viewHref(v),
  }));
  return [
    ...orderItems,
    ...SCREENS.filter((s) => matches(s.label, query)),
    ...[...BUILT_IN_VIEWS, ...viewItems].filter((v) => matches(v.label, query)),
  ];
}
