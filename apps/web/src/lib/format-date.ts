import { parseServerTime } from '@waybill/contracts';
import type { TimeMode } from './time-mode.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

interface DateParts {
  year: number;
  /** 0-11, as Date.getMonth. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The few date-fns `format` tokens the console uses (yyyy, MMM, dd, HH, mm, ss; anything else is
 * literal). date-fns' `format` and TZDate bring every token, the en-US locale and a zone library into
 * the first screen's JavaScript (initial JS budget); the browser's Intl knows the zones.
 */
function formatParts(p: DateParts, pattern: string): string {
  return pattern.replace(/yyyy|MMM|dd|HH|mm|ss/g, (token) => {
    if (token === 'yyyy') return String(p.year).padStart(4, '0');
    if (token === 'MMM') return MONTHS[p.month]!;
    if (token === 'dd') return two(p.day);
    if (token === 'HH') return two(p.hour);
    if (token === 'mm') return two(p.minute);
    return two(p.second);
  });
}

/** A date in the browser's zone. */
export function formatDate(date: Date, pattern: string): string {
  return formatParts(
    {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
    },
    pattern,
  );
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A date in a named IANA zone (a valid one: see isValidTimeZone). */
export function formatInZone(date: Date, zone: string, pattern: string): string {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(zone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(date)) part[type] = Number(value);
  return formatParts(
    {
      year: part.year ?? 0,
      month: (part.month ?? 1) - 1,
      day: part.day ?? 1,
      // Some engines write midnight as 24 even in a 23-hour cycle.
      hour: (part.hour ?? 0) % 24,
      minute: part.minute ?? 0,
      second: part.second ?? 0,
    },
    pattern,
  );
}

/**
 * Formats a server timestamp in the browser's zone, or in the warehouse's zone when the switch says
 * so and the warehouse has a valid zone. 24-hour times.
 */
export function formatZoned(
  value: string | Date | null | undefined,
  mode: TimeMode,
  warehouseTimeZone: string | null | undefined,
  pattern = 'dd MMM yyyy, HH:mm',
): string {
  const date = value instanceof Date ? value : parseServerTime(value);
  if (!date || Number.isNaN(date.getTime())) return '-';
  if (mode === 'warehouse' && warehouseTimeZone && isValidTimeZone(warehouseTimeZone)) {
    return formatInZone(date, warehouseTimeZone, pattern);
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
