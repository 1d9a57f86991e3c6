import { describe, expect, it } from 'vitest';
import { dateProblem, partsToDate, sanitizeDay, sanitizeMonth, sanitizeYear } from './date-entry.js';

describe('date entry rules', () => {
  it('keeps digits only and pads a day whose first digit is above 3', () => {
    expect(sanitizeDay('a1')).toBe('1');
    expect(sanitizeDay('4')).toBe('04');
    expect(sanitizeDay('3')).toBe('3');
    expect(sanitizeDay('31')).toBe('31');
    expect(sanitizeDay('123')).toBe('12');
  });

  it('pads a month whose first digit is above 1', () => {
    expect(sanitizeMonth('2')).toBe('02');
    expect(sanitizeMonth('1')).toBe('1');
    expect(sanitizeMonth('12')).toBe('12');
    expect(sanitizeMonth('x9')).toBe('09');
  });

  it('takes at most four year digits', () => {
    expect(sanitizeYear('20245')).toBe('2024');
    expect(sanitizeYear('2o24')).toBe('224');
  });

  it('rejects impossible dates and out-of-range parts', () => {
    expect(dateProblem({ day: '31', month: '02', year: '2024' })).toBe('not-a-date');
    expect(dateProblem({ day: '29', month: '02', year: '2023' })).toBe('not-a-date');
    expect(dateProblem({ day: '00', month: '02', year: '2024' })).toBe('day');
    expect(dateProblem({ day: '10', month: '13', year: '2024' })).toBe('month');
    expect(dateProblem({ day: '10', month: '12', year: '202' })).toBe('year');
    expect(dateProblem({ day: '', month: '12', year: '2024' })).toBe('incomplete');
    expect(dateProblem({ day: '29', month: '02', year: '2024' })).toBeNull();
  });

  it('turns a valid date into 15:00 local time', () => {
    const date = partsToDate({ day: '05', month: '03', year: '2025' });
    expect(date).not.toBeNull();
    expect(date?.getFullYear()).toBe(2025);
    expect(date?.getMonth()).toBe(2);
    expect(date?.getDate()).toBe(5);
    expect(date?.getHours()).toBe(15);
    expect(date?.getMinutes()).toBe(0);
    expect(partsToDate({ day: '31', month: '04', year: '2025' })).toBeNull();
  });
});
