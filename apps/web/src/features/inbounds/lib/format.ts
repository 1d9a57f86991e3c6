/** Text shortening shared by the inbound list and detail screens (numbers: contracts' formatQuantity). */

/** Cut a text to `max` characters with an ellipsis (contracts' INBOUND_TEXT_LIMITS: name 18, number 40, identifier 22). */
export function shorten(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}
