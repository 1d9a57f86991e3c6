import {
  INBOUND_STATUS_LABELS,
  type Inbound,
  type InboundStatus,
  type OperatorInboundStatus,
} from '@waybill/contracts';

/**
 * What another user changed on an inbound a modal is open for, in the console's words
 * ("status Arrived → Cancelled"), or null when it is the version the user last reviewed. The
 * backend's updated date is the version: a newer one with no field named here still counts.
 */
export function inboundChangeSummary(reviewed: Inbound, current: Inbound | undefined): string | null {
  if (!current || current.external_dates.updated_at === reviewed.external_dates.updated_at) return null;
  const parts: string[] = [];
  if (current.status !== reviewed.status) {
    parts.push(`status ${INBOUND_STATUS_LABELS[reviewed.status]} → ${INBOUND_STATUS_LABELS[current.status]}`);
  }
  if (current.expected_date !== reviewed.expected_date) parts.push('expected date changed');
  if (current.fulfillment_center_uid !== reviewed.fulfillment_center_uid) parts.push('warehouse changed');
  if ((current.assigned_user_uid ?? null) !== (reviewed.assigned_user_uid ?? null)) {
    parts.push('assigned user changed');
  }
  if (
    current.line_items_computed.incoming_total !== reviewed.line_items_computed.incoming_total ||
    current.line_items_computed.items.length !== reviewed.line_items_computed.items.length
  ) {
    parts.push('items changed');
  }
  if (current.name !== reviewed.name) parts.push('reception number changed');
  return parts.length > 0 ? parts.join(', ') : 'details updated';
}

/** An operator's status change shown before the backend confirms it (optimistic update). */
export interface PendingStatus {
  status: InboundStatus;
  /** The row's version when the change was made: any newer version reconciles it. */
  baseUpdatedAt: string;
}

/** Operator status → the status the row shows (Delete sets cancelled). */
export const SHOWN_STATUS: Record<OperatorInboundStatus, InboundStatus> = {
  arrived: 'arrived',
  processing: 'processing',
  cancelled: 'cancelled',
};

/**
 * Rows with the pending status changes applied. A pending change holds only while the row is the
 * version it was made on; the next live patch or refresh (a newer updated date) replaces it.
 */
export function withPendingStatuses(rows: Inbound[], pending: ReadonlyMap<string, PendingStatus>): Inbound[] {
  if (pending.size === 0) return rows;
  return rows.map((row) => {
    const change = pending.get(row.uid);
    if (!change || change.baseUpdatedAt !== row.external_dates.updated_at) return row;
    return row.status === change.status ? row : { ...row, status: change.status };
  });
}

/** Pending changes still waiting for a newer version of their row (rows gone from the list drop theirs). */
export function unreconciled(
  rows: Inbound[],
  pending: ReadonlyMap<string, PendingStatus>,
): Map<string, PendingStatus> {
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  const left = new Map<string, PendingStatus>();
  for (const [uid, change] of pending) {
    const row = byUid.get(uid);
    if (row && row.external_dates.updated_at === change.baseUpdatedAt) left.set(uid, change);
  }
  return left;
}
