import {
  LONG_TEXT_MAX,
  REFERENCE_MAX_CHARS,
  STATE_FORWARD_MIN_EXCLUSIVE,
  TEXT_SHORTEN_DEFAULT,
} from '../constants.js';

export const ELLIPSIS_DOTS = '...';

/**
 * A number with its thousands grouped as in en-US ("12,345", "-1,234.5", at most 3 decimals). Written
 * out rather than with Intl: the first Intl number format of a page costs a slow tablet about a
 * fifth of a second of blocked main thread, and every count on screen goes through here.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const rounded = Math.round(Math.abs(n) * 1000) / 1000;
  const [whole = '0', fraction] = rounded
    .toFixed(3)
    .replace(/\.?0+$/, '')
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = n < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Text shortening: default 22 characters, middle truncated with dots. Text longer than `max` keeps
 * its head and tail around '...' so the result is exactly `max` characters (the head gets the extra
 * character when uneven).
 */
export function shortenText(text: string, max: number = TEXT_SHORTEN_DEFAULT): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const room = Math.max(0, max - ELLIPSIS_DOTS.length);
  const head = Math.ceil(room / 2);
  const tail = room - head;
  return chars.slice(0, head).join('') + ELLIPSIS_DOTS + (tail > 0 ? chars.slice(-tail).join('') : '');
}

/** A long identifier (a tracking number): over 15 characters, its first 6, '...', its last 7. */
export function shortenLongText(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= LONG_TEXT_MAX) return text;
  return chars.slice(0, 6).join('') + ELLIPSIS_DOTS + chars.slice(-7).join('');
}

/** End-truncation for the order reference ("truncated to 17"): first `max` characters then '...'. Other shortenings use shortenText. */
export function truncateEnd(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('') + ELLIPSIS_DOTS;
}

/** Order reference as shown in a row: '#' + reference truncated to 17 characters; none shows '-'. */
export function formatOrderReference(reference: string | null | undefined): string {
  if (typeof reference !== 'string' || reference.trim() === '') return '-';
  return `#${truncateEnd(reference.trim(), REFERENCE_MAX_CHARS)}`;
}

/**
 * Copying requires a string (a reference, tracking number, warehouse code, SKU or EAN): anything
 * else, or an empty one, leaves the copy button disabled.
 */
export function isCopyable(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** Initials: first letters of the first two words, upper-cased. */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}

/** A state value from the shop install flow is forwarded after login only when longer than 10 characters. */
export function forwardableState(state: string | null | undefined): string | undefined {
  return typeof state === 'string' && state.length > STATE_FORWARD_MIN_EXCLUSIVE ? state : undefined;
}

/** Store name as listed: a leading 'www.' is removed. */
export function storeDisplayName(name: string): string {
  return name.replace(/^www\./i, '');
}

export const PLACEHOLDERS = {
  sellingChannel: 'Unknown',
  warehouse: 'Unknown',
  courier: 'Courier',
  organization: '-',
  notSentToWarehouse: 'Not sent to warehouse!',
  product: 'Unknown product',
} as const;

/** A product's title, or 'Unknown product' when it has none: the same text on screen and in the export file. */
export function productTitle(title: string | null | undefined): string {
  return title?.trim() ? title : PLACEHOLDERS.product;
}

/**
 * A merchant's selling channel as the console names it everywhere (row, filter, detail, modals):
 * its alias, else its own name, else 'Unknown' (a channel the reference data does not know).
 */
export function sellingChannelName(
  channel: { alias?: string | null; name?: string | null } | null | undefined,
): string {
  return channel?.alias?.trim() || channel?.name?.trim() || PLACEHOLDERS.sellingChannel;
}

/** Organisation name, or '-' when missing. */
export function organizationLabel(name: string | null | undefined): string {
  return name?.trim() ? name : PLACEHOLDERS.organization;
}

/** What a list footer counts. */
export type FooterNoun = 'Order' | 'Product' | 'Inbound';

/** Singular for 1, plural otherwise, as in '1 Order Displayed' / 'N Orders Displayed'. */
export function footerText(count: number, noun: FooterNoun): string {
  return `${count} ${noun}${count === 1 ? '' : 's'} Displayed`;
}

/** Counted words of the inbound and clients rows, singular and plural. */
const COUNT_NOUNS = {
  sku: ['SKU', 'SKUs'],
  item: ['Item', 'Items'],
  order: ['order', 'orders'],
  store: ['store', 'stores'],
} as const;
export type CountNoun = keyof typeof COUNT_NOUNS;

/** The word for `count` of something: singular for exactly 1, plural otherwise ('1 SKU', '0 SKUs', '2 SKUs'). */
export function countNoun(count: number, noun: CountNoun): string {
  const [one, many] = COUNT_NOUNS[noun];
  return count === 1 ? one : many;
}
