import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate, formatInZone, formatZoned } from './format-date.js';

const PATTERNS = ['dd MMM yyyy, HH:mm', 'dd MMM, HH:mm', 'dd MMM yyyy', 'HH:mm', 'dd MMM yyyy, HH:mm:ss'];
// Every month, both digits of day and hour, midnight and the last second of a year.
const INSTANTS = [
  '2026-01-01T00:00:00Z',
  '2026-02-09T09:05:07Z',
  '2026-03-29T01:30:00Z',
  '2026-04-15T12:00:59Z',
  '2026-05-31T23:59:59Z',
  '2026-06-10T10:10:10Z',
  '2026-07-04T18:45:00Z',
  '2026-08-20T05:06:07Z',
  '2026-09-30T21:00:00Z',
  '2026-10-25T00:59:00Z',
  '2026-11-22T20:40:00Z',
  '2026-12-31T23:59:59Z',
].map((iso) => new Date(iso));

describe('formatDate', () => {
  it('writes the same text as date-fns format for every pattern the console uses', () => {
    for (const date of INSTANTS)
      for (const pattern of PATTERNS) expect(formatDate(date, pattern)).toBe(format(date, pattern));
  });

  it('formats in a named zone as date-fns does with TZDate (DST changes and half-hour zones too)', () => {
    for (const zone of [
      'Europe/Bucharest',
      'America/Los_Angeles',
      'Asia/Kolkata',
      'Australia/Adelaide',
      'UTC',
    ])
      for (const date of INSTANTS) {
        const zoned = new TZDate(date.getTime(), zone);
        for (const pattern of PATTERNS)
          expect(formatInZone(date, zone, pattern)).toBe(format(zoned, pattern));
      }
  });

  it('formatZoned uses the warehouse zone only in warehouse mode with a valid zone', () => {
    const at = '2026-07-04T18:45:00Z';
    expect(formatZoned(at, 'warehouse', 'Asia/Kolkata', 'dd MMM yyyy, HH:mm')).toBe('05 Jul 2026, 00:15');
    expect(formatZoned(at, 'warehouse', 'Not/AZone', 'HH:mm')).toBe(format(new Date(at), 'HH:mm'));
    expect(formatZoned(at, 'local', 'Asia/Kolkata', 'HH:mm')).toBe(format(new Date(at), 'HH:mm'));
    expect(formatZoned(null, 'local', null)).toBe('-');
  });
});
