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

/** 'N Inbound(s) Displayed' style footer text: singular for exactly 1. */
export function displayedLabel(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural} Displayed`;
}
