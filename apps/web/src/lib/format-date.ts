import { TZDateMini } from '@date-fns/tz';
import { parseServerTime } from '@waybill/contracts';
import type { TimeMode } from './time-mode.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The few date-fns `format` tokens the console uses (yyyy, MMM, dd, HH, mm, ss; anything else is
 * literal), read through the date's own getters so a TZDate formats in its zone. date-fns' `format`
 * brings every token and the en-US locale into the first screen's JavaScript (initial JS budget).
 */
export function formatDate(date: Date, pattern: string): string {
  return pattern.replace(/yyyy|MMM|dd|HH|mm|ss/g, (token) => {
    if (token === 'yyyy') return String(date.getFullYear());
    if (token === 'MMM') return MONTHS[date.getMonth()]!;
    if (token === 'dd') return two(date.getDate());
    if (token === 'HH') return two(date.getHours());
    if (token === 'mm') return two(date.getMinutes());
    return two(date.getSeconds());
  });
}

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
    return formatDate(new TZDateMini(date.getTime(), warehouseTimeZone), pattern);
  }
  return formatDate(date, pattern);
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
