import { describe, expect, it } from 'vitest';
import { parseServerTime } from './server-time.js';

describe('parseServerTime', () => {
  it('treats zone-less timestamps as UTC and drops fractions', () => {
    expect(parseServerTime('2024-05-01T10:20:30.123456')?.toISOString()).toBe('2024-05-01T10:20:30.000Z');
    expect(parseServerTime('2024-05-01T10:20:30Z')?.toISOString()).toBe('2024-05-01T10:20:30.000Z');
    expect(parseServerTime('2024-05-01 10:20:30')?.toISOString()).toBe('2024-05-01T10:20:30.000Z');
  });

  it('keeps explicit offsets and rejects garbage', () => {
    expect(parseServerTime('2024-05-01T12:00:00+02:00')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(parseServerTime('not a date')).toBeNull();
    expect(parseServerTime(null)).toBeNull();
  });
});
