import { RELATIVE_TIME_MAX_DAYS } from '../constants.js';

/** Time rules shared by web and gateway: server timestamps, relative and elapsed wording. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const SERVER_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Server timestamps without a zone are treated as UTC: the fractional part and a trailing Z are
 * dropped, then the time is read as UTC. An explicit offset (+02:00) is honoured. Anything that
 * is not an ISO-like date or names an impossible date (2024-02-31) gives null.
 */
export function parseServerTime(value: string | null | undefined): Date | null {
  if (typeof value !== 'string') return null;
  const m = SERVER_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const base = new Date(0);
  base.setUTCFullYear(year, month - 1, day);
  base.setUTCHours(hour, minute, second, 0);
  if (base.getUTCFullYear() !== year || base.getUTCMonth() !== month - 1 || base.getUTCDate() !== day) {
    return null;
  }
  return new Date(base.getTime() - zoneOffsetMs(zone));
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  return sign * (hours * HOUR_MS + minutes * MINUTE_MS);
}

/** '1 minute' / '5 minutes': the singular/plural wording of the relative time text. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * 'Just now' under 60 s, then 'N minute(s) ago' under 60 minutes, 'N hour(s) ago' under 24 hours,
 * then 'N day(s) ago' capped at 999 days. Future times (clock skew) read 'Just now'.
 */
export function relativeTime(then: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - then.getTime()) / SECOND_MS);
  if (!(seconds >= 60)) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${pluralize(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${pluralize(hours, 'hour')} ago`;
  const days = Math.min(Math.floor(hours / 24), RELATIVE_TIME_MAX_DAYS);
  return `${pluralize(days, 'day')} ago`;
}

/** Elapsed time between two history entries in its largest whole unit: days, hours, minutes or seconds. */
export function elapsedText(from: Date, to: Date): string {
  const seconds = Math.max(0, Math.floor((to.getTime() - from.getTime()) / SECOND_MS));
  if (seconds >= 86_400) return pluralize(Math.floor(seconds / 86_400), 'day');
  if (seconds >= 3600) return pluralize(Math.floor(seconds / 3600), 'hour');
  if (seconds >= 60) return pluralize(Math.floor(seconds / 60), 'minute');
  return pluralize(seconds, 'second');
}

/** Calendar-day difference (target - now) counted in UTC days, as the inbound pill does. */
export function utcCalendarDaysUntil(target: Date, now: Date): number {
  const t = Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), target.getUTCDate());
  const n = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((t - n) / DAY_MS);
}

// Fixed English month names: ICU versions disagree ('Sep' vs 'Sept'), the UI must not.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** '05 Mar 2024' in UTC. */
export function formatUtcDate(date: Date): string {
  return `${pad2(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** '05 Mar' in UTC (the short form). */
export function formatUtcShortDate(date: Date): string {
  return `${pad2(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]}`;
}

/**
 * Offset (ms) of an IANA zone at an instant, from Intl (no date library allowed here).
 * Positive east of UTC: Europe/Bucharest in summer gives +3 h.
 */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  const whole = instant.getTime() - (instant.getTime() % SECOND_MS);
  return asUtc - whole;
}

/** Calendar date (y, m 1-12, d) of an instant in a zone. */
export function zonedCalendarDate(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number } {
  const shifted = new Date(instant.getTime() + timeZoneOffsetMs(instant, timeZone));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The instant of local midnight in a zone, `daysBack` calendar days before the day of `now`. */
export function startOfZonedDay(now: Date, timeZone: string, daysBack = 0): Date {
  const { year, month, day } = zonedCalendarDate(now, timeZone);
  const guess = Date.UTC(year, month - 1, day - daysBack);
  // Two passes settle the offset on days that change daylight saving time.
  let instant = guess - timeZoneOffsetMs(new Date(guess), timeZone);
  instant = guess - timeZoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}
