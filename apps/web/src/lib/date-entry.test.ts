import { describe, expect, it } from 'vitest';
import { EMPTY_DATE_PARTS, partsToDate } from './date-entry.js';

describe('date entry parts', () => {
  it('starts empty with the focus on the day', () => {
    expect(EMPTY_DATE_PARTS).toEqual({ day: '', month: '', year: '', focus: 'day' });
  });

  it('gives 15:00 local time for a real date and null otherwise', () => {
    const date = partsToDate({ day: '05', month: '03', year: '2025' });
    expect(date?.getFullYear()).toBe(2025);
    expect(date?.getMonth()).toBe(2);
    expect(date?.getDate()).toBe(5);
    expect(date?.getHours()).toBe(15);
    expect(partsToDate({ day: '31', month: '02', year: '2024' })).toBeNull();
    expect(partsToDate({ day: '10', month: '10', year: '202' })).toBeNull();
  });
});
