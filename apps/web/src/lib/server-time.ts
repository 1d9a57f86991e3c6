/**
 * Server timestamps without a zone are UTC (spec 9): strip a fractional part and a trailing Z, then
 * append UTC. Timestamps that carry an explicit offset keep it.
 */
export function parseServerTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  const hasOffset = /[+-]\d{2}:?\d{2}$/.test(trimmed) && /T/.test(trimmed);
  const text = hasOffset ? trimmed : `${trimmed.replace(/\.\d+/, '').replace(/Z$/i, '').replace(' ', 'T')}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
