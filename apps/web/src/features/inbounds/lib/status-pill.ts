import {
  formatUtcDate,
  formatUtcShortDate,
  INBOUND_STATUS_LABELS,
  type Inbound,
  parseServerTime,
  pluralize,
  relativeTime,
  utcCalendarDaysUntil,
} from '@waybill/contracts';

const days = (n: number) => pluralize(n, 'day');

/** In transit: 'ETA: Today', 'ETA: N day(s)' ahead, or 'N day(s) ago' once the expected day passed (UTC days). */
export function etaText(expected: Date | null, now: Date): string {
  if (!expected) return 'ETA: -';
  const diff = utcCalendarDaysUntil(expected, now);
  if (diff === 0) return 'ETA: Today';
  if (diff > 0) return `ETA: ${days(diff)}`;
  return `${days(-diff)} ago`;
}

export interface StatusPill {
  label: string;
  detail: string;
  /** Late flag shows an hourglass, except for draft, completed and cancelled. */
  hourglass: boolean;
}

const NO_HOURGLASS = new Set(['draft', 'completed', 'cancelled']);

/** Status pill of an inbound row (spec 4, "Status pill details"); dates in UTC. */
export function statusPill(inbound: Inbound, now: Date): StatusPill {
  const created = parseServerTime(inbound.external_dates.created_at);
  const updated = parseServerTime(inbound.external_dates.updated_at);
  let detail = '';
  switch (inbound.status) {
    case 'draft':
      detail = created ? formatUtcDate(created) : '';
      break;
    case 'completed':
      detail = updated ? formatUtcDate(updated) : '';
      break;
    case 'cancelled':
    case 'deleted':
      detail = updated ? formatUtcShortDate(updated) : '';
      break;
    case 'in_transit':
      detail = etaText(parseServerTime(inbound.expected_date), now);
      break;
    case 'arrived':
    case 'processing':
      detail = updated ? relativeTime(updated, now) : '';
      break;
  }
  return {
    label: INBOUND_STATUS_LABELS[inbound.status],
    detail,
    hourglass: inbound.late.is_late && !NO_HOURGLASS.has(inbound.status),
  };
}

/** Header / detail dates: '21 Nov 2026' in UTC. */
export function formatDate(value: string | null | undefined): string {
  const date = parseServerTime(value);
  return date ? formatUtcDate(date) : '-';
}
