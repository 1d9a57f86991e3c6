import { TZDate } from '@date-fns/tz';
import { parseServerTime } from '@waybill/contracts';
import { format } from 'date-fns';
import type { TimeMode } from './time-mode.js';

/**
 * Formats a server timestamp in the browser's zone, or in the warehouse's zone when the switch says
 * so and the warehouse has a valid zone. 24-hour times.
 */
export function formatZoned(
  value: string | null | undefined,
  mode: TimeMode,
  warehouseTimeZone: string | null | undefined,
  pattern = 'dd MMM yyyy, HH:mm',
): string {
  const date = parseServerTime(value);
  if (!date) return '-';
  if (mode === 'warehouse' && warehouseTimeZone && isValidTimeZone(warehouseTimeZone)) {
    return format(new TZDate(date.getTime(), warehouseTimeZone), pattern);
  }
  return format(date, pattern);
}

const zoneCache = new Map<string, boolean>();
export function isValidTimeZone(zone: string): boolean {
  const known = zoneCache.get(zone);
  if (known !== undefined) return known;
  let ok = true;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    ok = false;
  }
  zoneCache.set(zone, ok);
  return ok;
}
