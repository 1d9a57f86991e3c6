import { REFERENCE_MAX_CHARS, TEXT_SHORTEN_DEFAULT } from '@waybill/contracts';

/** Middle-truncates with dots (spec 9: default 22 characters). */
export function shortenMiddle(text: string, max = TEXT_SHORTEN_DEFAULT): string {
  if (text.length <= max) return text;
  const keep = max - 3;
  const head = Math.ceil(keep / 2);
  const tail = Math.floor(keep / 2);
  return `${text.slice(0, head)}...${text.slice(text.length - tail)}`;
}

/** Long text over 15 characters shows the first 6, dots, and the last 7 (spec 9). */
export function shortenLong(text: string): string {
  if (text.length <= 15) return text;
  return `${text.slice(0, 6)}...${text.slice(-7)}`;
}

/** Reference shown with a leading # and truncated to 17 characters (spec 9). */
export function displayReference(reference: string | null | undefined): string {
  if (!reference) return '#-';
  return `#${reference.slice(0, REFERENCE_MAX_CHARS)}`;
}

export function initials(name: string | null | undefined): string {
  if (!name) return '?';
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** 'k' formatting for summary counts of 100000 and more (spec 9). */
export function formatCount(count: number): string {
  if (count >= 100_000) return `${Math.floor(count / 1000)}k`;
  return String(count);
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}
