export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Backend timestamps: ISO date-time; without a zone they are UTC. NaN when unparseable. */
export function parseTimestamp(value: string): number {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return Number.NaN;
  const withZone = ZONE.test(text) || !text.includes('T') ? text : `${text}Z`;
  return Date.parse(withZone);
}
