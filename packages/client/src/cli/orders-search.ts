import { MAX_LOADED_ROWS, MAX_PAGE_SIZE, type OrdersFilter, PAGE_SIZE } from '@waybill/contracts';
import type { RouterOutputs } from '@waybill/gateway/router';
import type { WaybillClient } from '../index.js';
import { usageError } from './errors.js';
import { type OrdersSearchOptions, ordersFilterFromFlags } from './orders-commands.js';

type Order = RouterOutputs['orders']['search']['orders'][number];

/** The furthest a page may start (contracts' listWindowSchema): the last rows are read from there. */
const LAST_SKIP = MAX_LOADED_ROWS - PAGE_SIZE;

/**
 * `--all` of more orders than the gateway lists for one filter: refused whole, since the first
 * MAX_LOADED_ROWS would pass for all of them.
 */
async function refuseOverCap(client: WaybillClient, filter: OrdersFilter, since: string): Promise<void> {
  const { count } = await client.orders.statistics.query({ filter });
  if (count <= MAX_LOADED_ROWS) return;
  throw usageError(
    `${count} orders match${since}; the gateway lists at most ${MAX_LOADED_ROWS} for one filter: narrow it (--status-group, --courier, --late, --reference, --active) or print the first ${MAX_LOADED_ROWS} with --limit ${MAX_LOADED_ROWS}`,
  );
}

/**
 * The first `limit` orders, or `all` of them, read page by page: the gateway answers at most
 * MAX_PAGE_SIZE per call, and lists at most MAX_LOADED_ROWS for one filter (parseLimit keeps `limit`
 * within it). Pages are read by offset while orders keep changing, so an order that moved up between
 * two calls comes again: it is printed once. (One that moved the other way may be missed; a snapshot
 * across pages is not something the gateway offers.) `all` asks how many match once the first page
 * comes full, and again when the pages ran full to the end of what the gateway lists.
 */
export async function searchOrders(
  client: WaybillClient,
  flags: OrdersSearchOptions,
  limit: number | 'all',
): Promise<Order[]> {
  const filter = ordersFilterFromFlags(flags);
  const wanted = limit === 'all' ? MAX_LOADED_ROWS : limit;
  const orders = new Map<string, Order>();
  // How far into the list the pages reached: past orders.size when an order came twice.
  let reached = 0;
  let full = true;
  while (full && orders.size < wanted && reached < MAX_LOADED_ROWS) {
    // Near the end a page starts at most at LAST_SKIP: rows seen already are dropped by uid.
    const skip = Math.min(reached, LAST_SKIP);
    const size = Math.min(MAX_PAGE_SIZE, MAX_LOADED_ROWS - skip, reached - skip + wanted - orders.size);
    const page = await client.orders.search.query({ filter, window: { skip, limit: size } });
    reached = skip + page.orders.length;
    for (const order of page.orders)
      if (orders.size < wanted && !orders.has(order.uid)) orders.set(order.uid, order);
    full = page.orders.length === size;
    if (limit === 'all' && full && skip === 0) await refuseOverCap(client, filter, '');
  }
  if (limit === 'all' && full)
    await refuseOverCap(client, filter, ' now (more than when the listing started)');
  return [...orders.values()];
}
