import { INBOUND_ITEM_KINDS, type InboundItemKind, type InboundsSearchBody } from '@waybill/contracts';
import type { SimInbound } from '../data/types.js';
import type { SimStore } from '../store.js';
import { listFilterSet as setOf } from './list-filter.js';
import { type PriorityRow, RowCounter } from './rows.js';

const ORG = 1;
const FC = 2;
const STATUS = 4;
const AU = 8;
const TERM = 16;
const KIND = 32;
const LATE = 64;
const ACTIVE = 128;
const PRIO = 256;

export interface InboundsSearchResult {
  total: number;
  page: SimInbound[];
  fulfillmentCenters: PriorityRow[];
  organizations: PriorityRow[];
  assignedUsers: PriorityRow[];
  statuses: PriorityRow[];
  late: number;
  kinds: { kind: InboundItemKind; count: number }[];
  display: number[];
}

/** Inbound list order: display_priority asc (none last), updated desc, uid. */
export function compareInbounds(a: SimInbound, b: SimInbound): number {
  return (
    (a.display_priority ?? 99) - (b.display_priority ?? 99) ||
    b.updatedMs - a.updatedMs ||
    (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0)
  );
}

/**
 * Filters AND together; each statistic ignores its own dimension's filter, and the row
 * statistics also ignore display_priorities (count_general applies it). Inbounds have no
 * comments here, so none is snoozed: active_inbounds 'snoozed' matches nothing.
 */
export function searchInbounds(
  store: SimStore,
  body: InboundsSearchBody,
  /** Whether the caller may see an inbound; the others are neither listed nor counted. */
  readable: (uid: string) => boolean = () => true,
): InboundsSearchResult {
  const orgs = setOf(body.organizations_uids);
  const centers = setOf(body.fulfillment_centers_uids);
  const statuses = setOf<string>(body.statuses);
  const users = setOf(body.assigned_users_uids);
  const term = body.search_term?.trim().toLowerCase() ?? '';
  const kinds = setOf<string>(body.number_of_items);
  const priorities = setOf(body.display_priorities);
  const matches: SimInbound[] = [];
  const centerRows = new RowCounter(7);
  const orgRows = new RowCounter(7);
  const userRows = new RowCounter(7);
  const statusRows = new RowCounter(7);
  const display = [0, 0, 0, 0, 0, 0, 0];
  const kindCounts = new Map<string, number>(INBOUND_ITEM_KINDS.map((k) => [k, 0]));
  let late = 0;

  for (const i of store.inbounds.values()) {
    if (!readable(i.uid)) continue;
    let m = 0;
    if (orgs && !orgs.has(i.organization_uid)) m |= ORG;
    if (centers && !centers.has(i.fulfillment_center_uid ?? '')) m |= FC;
    if (statuses && !statuses.has(i.status)) m |= STATUS;
    if (users && !users.has(i.assigned_user_uid ?? '')) m |= AU;
    if (term && !i.search.includes(term)) m |= TERM;
    if (kinds && !kinds.has(i.numberOfItems?.kind ?? '')) m |= KIND;
    if (body.is_late !== undefined && i.late !== body.is_late) m |= LATE;
    if (body.active_inbounds === 'snoozed') m |= ACTIVE;
    if (priorities && (i.display_priority === null || !priorities.has(i.display_priority))) m |= PRIO;

    if (m === 0) matches.push(i);
    const p = i.display_priority;
    if ((m & ~PRIO) === 0 && p !== null) display[p] = (display[p] ?? 0) + 1;
    if ((m & ~LATE) === 0 && i.late) late += 1;
    if ((m & ~KIND) === 0 && i.numberOfItems) {
      kindCounts.set(i.numberOfItems.kind, (kindCounts.get(i.numberOfItems.kind) ?? 0) + 1);
    }
    const general = (m & PRIO) === 0;
    if ((m & ~(FC | PRIO)) === 0) centerRows.add(i.fulfillment_center_uid, p, general);
    if ((m & ~(ORG | PRIO)) === 0) orgRows.add(i.organization_uid, p, general);
    if ((m & ~(AU | PRIO)) === 0) userRows.add(i.assigned_user_uid, p, general);
    if ((m & ~(STATUS | PRIO)) === 0) statusRows.add(i.status, p, general);
  }
  matches.sort(compareInbounds);
  return {
    total: matches.length,
    page: matches.slice(body.skip, body.skip + body.limit),
    fulfillmentCenters: centerRows.list(),
    organizations: orgRows.list(),
    assignedUsers: userRows.list(),
    statuses: statusRows.list(),
    late,
    kinds: INBOUND_ITEM_KINDS.map((kind) => ({ kind, count: kindCounts.get(kind) ?? 0 })),
    display,
  };
}
