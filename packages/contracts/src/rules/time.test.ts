import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  elapsedText,
  formatUtcDate,
  formatUtcShortDate,
  HOUR_MS,
  MINUTE_MS,
  parseServerTime,
  pluralize,
  relativeTime,
  SECOND_MS,
  startOfZonedDay,
  timeZoneOffsetMs,
  utcCalendarDaysUntil,
  zonedCalendarDate,
} from './time.js';

describe('parseServerTime: timestamps without a zone are UTC', () => {
  it.each([
    ['2024-05-01T10:20:30', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30Z', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30z', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30.123456', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30.999Z', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30,5', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01 10:20:30', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20', '2024-05-01T10:20:00.000Z'],
    ['2024-05-01', '2024-05-01T00:00:00.000Z'],
    ['  2024-05-01T10:20:30  ', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30+02:00', '2024-05-01T08:20:30.000Z'],
    ['2024-05-01T10:20:30-0130', '2024-05-01T11:50:30.000Z'],
    ['2024-05-01T10:20:30+03', '2024-05-01T07:20:30.000Z'],
    ['2024-05-01T10:20:30.5+02:00', '2024-05-01T08:20:30.000Z'],
    ['2024-02-29T23:59:59', '2024-02-29T23:59:59.000Z'],
    ['2024-12-31T23:59:59', '2024-12-31T23:59:59.000Z'],
    ['0099-01-01T00:00:00', '0099-01-01T00:00:00.000Z'],
  ])('%s → %s', (input, expected) => {
    expect(parseServerTime(input)?.toISOString()).toBe(expected);
  });

  it.each([
    [''],
    ['not a date'],
    ['2024-13-01T00:00:00'],
    ['2024-00-10T00:00:00'],
    ['2024-02-30T00:00:00'],
    ['2023-02-29T00:00:00'],
    ['2024-04-31'],
    ['2024-05-01T24:00:00'],
    ['2024-05-01T10:60:00'],
    ['2024-05-01T10:00:61'],
    ['2024/05/01'],
    ['1714557600'],
    ['2024-5-1'],
  ])('%j is unreadable → null', (input) => {
    expect(parseServerTime(input)).toBeNull();
  });

  it('null and undefined give null', () => {
    expect(parseServerTime(null)).toBeNull();
    expect(parseServerTime(undefined)).toBeNull();
  });

  it('differs from the engine reading a zone-less string as local time', () => {
    expect(parseServerTime('2024-01-15T12:00:00')?.getTime()).toBe(Date.UTC(2024, 0, 15, 12));
  });
});

describe('pluralize', () => {
  it.each([
    [0, 'minute', undefined, '0 minutes'],
    [1, 'minute', undefined, '1 minute'],
    [2, 'minute', undefined, '2 minutes'],
    [1, 'Box', 'Boxes', '1 Box'],
    [3, 'Box', 'Boxes', '3 Boxes'],
  ])('%i %s', (n, singular, plural, expected) => {
    expect(pluralize(n, singular, plural)).toBe(expected);
  });
});

const NOW = new Date(Date.UTC(2024, 5, 15, 12, 0, 0));
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe("relativeTime: 'Just now' < 60 s, minutes < 60, hours < 24, days up to 999", () => {
  it.each([
    [0, 'Just now'],
    [1 * SECOND_MS, 'Just now'],
    [59 * SECOND_MS, 'Just now'],
    [59_999, 'Just now'],
    [60 * SECOND_MS, '1 minute ago'],
    [119 * SECOND_MS, '1 minute ago'],
    [2 * MINUTE_MS, '2 minutes ago'],
    [59 * MINUTE_MS + 59 * SECOND_MS, '59 minutes ago'],
    [60 * MINUTE_MS, '1 hour ago'],
    [2 * HOUR_MS - 1, '1 hour ago'],
    [2 * HOUR_MS, '2 hours ago'],
    [23 * HOUR_MS + 59 * MINUTE_MS, '23 hours ago'],
    [24 * HOUR_MS, '1 day ago'],
    [47 * HOUR_MS, '1 day ago'],
    [48 * HOUR_MS, '2 days ago'],
    [365 * DAY_MS, '365 days ago'],
    [999 * DAY_MS, '999 days ago'],
    [1000 * DAY_MS, '999 days ago'],
    [5000 * DAY_MS, '999 days ago'],
    [-5 * MINUTE_MS, 'Just now'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(relativeTime(ago(ms), NOW)).toBe(text);
  });
  it('an invalid date reads Just now rather than NaN', () => {
    expect(relativeTime(new Date(Number.NaN), NOW)).toBe('Just now');
  });
});

describe('elapsedText between history entries', () => {
  it.each([
    [0, '0 seconds'],
    [1 * SECOND_MS, '1 second'],
    [59 * SECOND_MS, '59 seconds'],
    [60 * SECOND_MS, '1 minute'],
    [61 * MINUTE_MS - 1, '1 hour'],
    [59 * MINUTE_MS, '59 minutes'],
    [3 * HOUR_MS + 5 * MINUTE_MS, '3 hours'],
    [DAY_MS - 1, '23 hours'],
    [DAY_MS, '1 day'],
    [10 * DAY_MS + 5 * HOUR_MS, '10 days'],
    [-DAY_MS, '0 seconds'],
  ])('%i ms → %s', (ms, text) => {
    expect(elapsedText(NOW, new Date(NOW.getTime() + ms))).toBe(text);
  });
});

describe('calendar days until a date', () => {
  it.each([
    ['2024-06-15T23:59:59Z', 0],
    ['2024-06-15T00:00:00Z', 0],
    ['2024-06-16T00:00:00Z', 1],
    ['2024-06-14T23:59:59Z', -1],
    ['2024-07-15T01:00:00Z', 30],
    ['2025-06-15T12:00:00Z', 365],
  ])('utcCalendarDaysUntil %s → %i', (target, days) => {
    expect(utcCalendarDaysUntil(parseServerTime(target)!, NOW)).toBe(days);
  });
});

describe('UTC date formatting with fixed month names', () => {
  it.each([
    [Date.UTC(2024, 0, 5), '05 Jan 2024', '05 Jan'],
    [Date.UTC(2024, 8, 30, 23, 59), '30 Sep 2024', '30 Sep'],
    [Date.UTC(2023, 11, 31), '31 Dec 2023', '31 Dec'],
  ])('%i', (ms, long, short) => {
    expect(formatUtcDate(new Date(ms))).toBe(long);
    expect(formatUtcShortDate(new Date(ms))).toBe(short);
  });
});

describe('time zones through Intl', () => {
  it.each([
    ['UTC', Date.UTC(2024, 5, 1), 0],
    ['Europe/Bucharest', Date.UTC(2024, 5, 1), 3 * HOUR_MS],
    ['Europe/Bucharest', Date.UTC(2024, 0, 1), 2 * HOUR_MS],
    ['America/New_York', Date.UTC(2024, 0, 1), -5 * HOUR_MS],
    ['Asia/Kolkata', Date.UTC(2024, 0, 1), 5.5 * HOUR_MS],
  ])('%s offset at %i', (zone, ms, offset) => {
    expect(timeZoneOffsetMs(new Date(ms), zone)).toBe(offset);
  });

  it('calendar date of an instant in a zone', () => {
    // 22:30 UTC on 31 Dec is already 1 Jan in Bucharest.
    expect(zonedCalendarDate(new Date(Date.UTC(2023, 11, 31, 22, 30)), 'Europe/Bucharest')).toEqual({
      year: 2024,
      month: 1,
      day: 1,
    });
  });

  it.each([
    ['2024-06-15T12:00:00Z', 0, '2024-06-14T21:00:00.000Z'],
    ['2024-06-15T12:00:00Z', 7, '2024-06-07T21:00:00.000Z'],
    ['2024-06-15T12:00:00Z', 30, '2024-05-15T21:00:00.000Z'],
    ['2024-01-15T12:00:00Z', 0, '2024-01-14T22:00:00.000Z'],
    ['2024-06-14T22:30:00Z', 0, '2024-06-14T21:00:00.000Z'],
    // 7 days before 2 Apr crosses the 31 March switch to summer time.
    ['2024-04-02T12:00:00Z', 7, '2024-03-25T22:00:00.000Z'],
    ['2024-11-01T12:00:00Z', 7, '2024-10-24T21:00:00.000Z'],
  ])('Bucharest start of day for %s minus %i days → %s', (now, back, expected) => {
    expect(startOfZonedDay(parseServerTime(now)!, 'Europe/Bucharest', back).toISOString()).toBe(expected);
  });

  it('UTC start of day', () => {
    expect(startOfZonedDay(parseServerTime('2024-06-15T12:34:56Z')!, 'UTC', 1).toISOString()).toBe(
      '2024-06-14T00:00:00.000Z',
    );
  });
});
