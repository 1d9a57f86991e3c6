import { type DateEntryState, dateEntryValue, INITIAL_DATE_ENTRY } from '@waybill/contracts';

/**
 * Date-modal entry state, shared by the orders and inbounds modals. The rules (digits, padding,
 * focus moves, real-date check, 15:00 local) live in contracts' date-entry reducer.
 */
export type DateParts = Pick<DateEntryState, 'day' | 'month' | 'year'> &
  Partial<Pick<DateEntryState, 'focus'>>;

export const EMPTY_DATE_PARTS: DateEntryState = INITIAL_DATE_ENTRY;

/** A valid entry as that day at 15:00 local time; null for incomplete or impossible dates. */
export function partsToDate(parts: DateParts): Date | null {
  return dateEntryValue(parts);
}
