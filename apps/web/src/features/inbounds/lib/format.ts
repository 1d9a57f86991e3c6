/** Small text and number formatters shared by the inbound list and detail screens. */

/** Cut a text to `max` characters with an ellipsis (spec: reception name 18, number 40, identifier 22). */
export function shorten(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

const grouping = new Intl.NumberFormat('en-US');

/** Numbers use locale grouping (1,234). */
export function formatCount(value: number): string {
  return grouping.format(value);
}

/** Initials: first letters of the first two words of a name. */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** 'N Inbound(s) Displayed' style footer text: singular for exactly 1. */
export function displayedLabel(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural} Displayed`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 'Just now', 'N minute(s) ago' under 60 minutes, 'N hour(s) ago' under 24 hours, then 'N day(s) ago'. */
export function relativeTime(from: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - from.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${plural(Math.floor(elapsed / MINUTE), 'minute')} ago`;
  if (elapsed < DAY) return `${plural(Math.floor(elapsed / HOUR), 'hour')} ago`;
  return `${plural(Math.floor(elapsed / DAY), 'day')} ago`;
}
