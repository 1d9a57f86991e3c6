import type { FulfillmentCenter } from '../backend/reference.js';
import { orderRowActions, STATUS_ACTIONS, type StatusAction } from './order-actions.js';

/**
 * What a bulk action may do: one status change with its date, or the same comment. Reissue AWB is
 * never bulk: its box count belongs to one parcel.
 */
export type BulkAction = 'addComment' | StatusAction;

/** Bulk actions in menu order (the row menu's order). */
export const BULK_ACTIONS: readonly BulkAction[] = ['addComment', ...STATUS_ACTIONS.map((a) => a.action)];

type Row = {
  order: Parameters<typeof orderRowActions>[0];
  warehouse: Pick<FulfillmentCenter, 'settings'> | null | undefined;
};

/**
 * Bulk actions offered for a selection: the intersection of every ticked row's row actions, so an
 * action is offered only when each ticked order allows it. Nothing ticked offers nothing.
 */
export function bulkActions(rows: readonly Row[]): BulkAction[] {
  if (rows.length === 0) return [];
  const allowed = rows.map((r) => orderRowActions(r.order, r.warehouse));
  return BULK_ACTIONS.filter((action) => allowed.every((a) => a[action]));
}

/**
 * Shift-click range selection: the uids from the last clicked row to this one (both included), in
 * list order. A last row no longer listed selects just this one.
 */
export function rangeBetween(uids: readonly string[], fromUid: string | null, toUid: string): string[] {
  const to = uids.indexOf(toUid);
  const from = fromUid === null ? -1 : uids.indexOf(fromUid);
  if (to < 0) return [];
  if (from < 0) return [toUid];
  const [a, b] = from <= to ? [from, to] : [to, from];
  return uids.slice(a, b + 1);
}
