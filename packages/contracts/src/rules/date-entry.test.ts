import { describe, expect, it } from 'vitest';
import {
  DATE_ENTRY_MIN_YEAR,
  type DateEntryAction,
  type DateEntryState,
  dateEntryRange,
  dateEntryRangeProblem,
  dateEntryReducer,
  dateEntryValue,
  datePartsFromText,
  digitsOnly,
  INITIAL_DATE_ENTRY,
  isDateSaveDisabled,
  isStatusTimeInFuture,
  normaliseDayOrMonth,
  normaliseYear,
  STATUS_TIME_CLOCK_SKEW_MS,
  statusHappenedAt,
} from './date-entry.js';

const run = (actions: DateEntryAction[], from: DateEntryState = INITIAL_DATE_ENTRY) =>
  actions.reduce(dateEntryReducer, from);
/** Types a string one character at a time into a field, as an input element would report it. */
const type = (field: 'day' | 'month' | 'year', text: string, from: DateEntryState = INITIAL_DATE_ENTRY) => {
  let state = from;
  for (const ch of text) state = dateEntryReducer(state, { type: 'input', field, value: state[field] + ch });
  return state;
};

describe('digitsOnly', () => {
  it.each([
    ['12', '12'],
    ['1a2', '12'],
    ['a', ''],
    [' 0-9 ', '09'],
    ['٣', ''],
  ])('%j → %j', (input, out) => {
    expect(digitsOnly(input)).toBe(out);
  });
});

describe('day field: 1-31, first digit above 3 padded with a leading zero', () => {
  it.each([
    ['', '', false],
    ['0', '0', false],
    ['1', '1', false],
    ['2', '2', false],
    ['3', '3', false],
    ['4', '04', true],
    ['5', '05', true],
    ['6', '06', true],
    ['7', '07', true],
    ['8', '08', true],
    ['9', '09', true],
    ['01', '01', true],
    ['09', '09', true],
    ['10', '10', true],
    ['19', '19', true],
    ['29', '29', true],
    ['30', '30', true],
    ['31', '31', true],
    ['1x', '1', false],
    ['x7', '07', true],
    ['123', '12', true],
  ])('%j → %j (complete %s)', (raw, value, complete) => {
    expect(normaliseDayOrMonth('day', raw)).toEqual({ value, complete });
  });
  it.each([['00'], ['32'], ['39'], ['40'], ['99']])('%j is refused', (raw) => {
    expect(normaliseDayOrMonth('day', raw)).toBeNull();
  });
});

describe('month field: 1-12, first digit above 1 padded with a leading zero', () => {
  it.each([
    ['0', '0', false],
    ['1', '1', false],
    ['2', '02', true],
    ['3', '03', true],
    ['9', '09', true],
    ['01', '01', true],
    ['10', '10', true],
    ['11', '11', true],
    ['12', '12', true],
  ])('%j → %j (complete %s)', (raw, value, complete) => {
    expect(normaliseDayOrMonth('month', raw)).toEqual({ value, complete });
  });
  it.each([['00'], ['13'], ['19'], ['20']])('%j is refused', (raw) => {
    expect(normaliseDayOrMonth('month', raw)).toBeNull();
  });
});

describe('year field: exactly 4 digits', () => {
  it.each([
    ['2', '2', false],
    ['202', '202', false],
    ['2024', '2024', true],
    ['20245', '2024', true],
    ['20a24', '2024', true],
    ['', '', false],
  ])('%j → %j (complete %s)', (raw, value, complete) => {
    expect(normaliseYear(raw)).toEqual({ value, complete });
  });
});

describe('typing and focus moves day → month → year', () => {
  it.each([
    ['1', '1', 'day'],
    ['12', '12', 'month'],
    ['4', '04', 'month'],
    ['31', '31', 'month'],
    ['35', '3', 'day'],
    ['0', '0', 'day'],
    ['00', '0', 'day'],
    ['07', '07', 'month'],
    ['a', '', 'day'],
  ])('day %j → %j, focus %s', (text, value, focus) => {
    const s = type('day', text);
    expect(s.day).toBe(value);
    expect(s.focus).toBe(focus);
  });

  it.each([
    ['1', '1', 'month'],
    ['12', '12', 'year'],
    ['2', '02', 'year'],
    ['13', '1', 'month'],
    ['09', '09', 'year'],
  ])('month %j → %j, focus %s', (text, value, focus) => {
    const s = type('month', text, { ...INITIAL_DATE_ENTRY, focus: 'month' });
    expect(s.month).toBe(value);
    expect(s.focus).toBe(focus);
  });

  it('a full entry walks the focus through all three fields', () => {
    let s = type('day', '5');
    expect(s.focus).toBe('month');
    s = type('month', '3', s);
    expect(s.focus).toBe('year');
    s = type('year', '2024', s);
    expect(s).toEqual({ day: '05', month: '03', year: '2024', focus: 'year' });
    expect(dateEntryValue(s)).toEqual(new Date(2024, 2, 5, 15, 0, 0, 0));
  });

  it('deleting a digit does not move the focus', () => {
    const s = run([{ type: 'focus', field: 'day' }], { day: '12', month: '', year: '', focus: 'day' });
    const after = dateEntryReducer(s, { type: 'input', field: 'day', value: '1' });
    expect(after).toEqual({ day: '1', month: '', year: '', focus: 'day' });
  });

  it('focus and reset actions', () => {
    const s = run([
      { type: 'input', field: 'day', value: '9' },
      { type: 'focus', field: 'year' },
    ]);
    expect(s.focus).toBe('year');
    expect(dateEntryReducer(s, { type: 'reset' })).toEqual(INITIAL_DATE_ENTRY);
  });

  it('an unchanged input returns the same state object (no re-render)', () => {
    const s = type('day', '1');
    expect(dateEntryReducer(s, { type: 'input', field: 'day', value: '1' })).toBe(s);
    expect(dateEntryReducer(s, { type: 'focus', field: 'day' })).toBe(s);
  });

  it.each([
    ['day', '1', '01'],
    ['day', '3', '03'],
    ['day', '0', '0'],
    ['day', '12', '12'],
    ['month', '1', '01'],
    ['month', '', ''],
  ] as const)('blur pads a single digit: %s %j → %j', (field, value, out) => {
    const s = dateEntryReducer({ ...INITIAL_DATE_ENTRY, [field]: value }, { type: 'blur', field });
    expect(s[field]).toBe(out);
  });
  it('blur leaves the year alone', () => {
    const s = { ...INITIAL_DATE_ENTRY, year: '24' };
    expect(dateEntryReducer(s, { type: 'blur', field: 'year' })).toBe(s);
  });
});

describe('dateEntryValue: a real calendar date at 15:00 local time', () => {
  it.each([
    ['01', '01', '2024', [2024, 0, 1]],
    ['1', '1', '2024', [2024, 0, 1]],
    ['29', '02', '2024', [2024, 1, 29]],
    ['28', '02', '2023', [2023, 1, 28]],
    ['31', '01', '2023', [2023, 0, 31]],
    ['30', '04', '2023', [2023, 3, 30]],
    ['31', '12', '1999', [1999, 11, 31]],
    ['15', '06', '0099', [99, 5, 15]],
  ])('%s/%s/%s is valid', (day, month, year, [y, m, d]) => {
    const date = dateEntryValue({ day, month, year });
    expect(date).not.toBeNull();
    expect(date?.getFullYear()).toBe(y);
    expect(date?.getMonth()).toBe(m);
    expect(date?.getDate()).toBe(d);
    expect(date?.getHours()).toBe(15);
    expect(date?.getMinutes()).toBe(0);
    expect(date?.getSeconds()).toBe(0);
    expect(date?.getMilliseconds()).toBe(0);
  });

  it.each([
    ['31', '02', '2024'],
    ['30', '02', '2024'],
    ['29', '02', '2023'],
    ['29', '02', '1900'],
    ['31', '04', '2024'],
    ['31', '06', '2024'],
    ['31', '09', '2024'],
    ['31', '11', '2024'],
    ['00', '01', '2024'],
    ['32', '01', '2024'],
    ['01', '00', '2024'],
    ['01', '13', '2024'],
    ['01', '01', '202'],
    ['01', '01', '20245'],
    ['', '01', '2024'],
    ['01', '', '2024'],
    ['01', '01', ''],
    ['1a', '01', '2024'],
    ['123', '01', '2024'],
  ])('%j/%j/%j is not a valid date', (day, month, year) => {
    expect(dateEntryValue({ day, month, year })).toBeNull();
  });

  it('accepts 29 February only in leap years', () => {
    for (let year = 1996; year <= 2030; year++) {
      const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
      expect(dateEntryValue({ day: '29', month: '02', year: String(year) }) !== null).toBe(leap);
    }
  });

  it('every day of every month of 2023 and 2024 is accepted exactly when it exists', () => {
    for (const year of [2023, 2024]) {
      for (let month = 1; month <= 12; month++) {
        const daysInMonth = new Date(year, month, 0).getDate();
        for (let day = 1; day <= 31; day++) {
          const valid = dateEntryValue({
            day: String(day).padStart(2, '0'),
            month: String(month).padStart(2, '0'),
            year: String(year),
          });
          expect(valid !== null, `${day}/${month}/${year}`).toBe(day <= daysInMonth);
        }
      }
    }
  });
});

describe('SAVE CHANGES disabled until a valid date exists and during the call', () => {
  const valid: DateEntryState = { day: '05', month: '03', year: '2024', focus: 'year' };
  it.each([
    [valid, false, false],
    [valid, true, true],
    [INITIAL_DATE_ENTRY, false, true],
    [{ ...valid, day: '31', month: '02' }, false, true],
    [{ ...valid, year: '202' }, false, true],
  ])('%j busy=%s → disabled %s', (state, busy, disabled) => {
    expect(isDateSaveDisabled(state, busy)).toBe(disabled);
  });
});

describe('plausible status-change dates', () => {
  const now = new Date(2026, 10, 22, 18, 0);
  const created = new Date(2026, 10, 3, 21, 30);
  const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 15);

  it('runs from the created day through today', () => {
    const range = dateEntryRange(created, now);
    expect(range.earliest).toEqual(new Date(2026, 10, 3));
    expect(range.latest).toEqual(new Date(2026, 10, 22));
    // The created day itself counts even though 15:00 is before the 21:30 creation.
    expect(dateEntryRangeProblem(at(2026, 11, 3), range)).toBeNull();
    expect(dateEntryRangeProblem(at(2026, 11, 22), range)).toBeNull();
  });

  it.each([
    ['before the order was created', at(2026, 11, 2)],
    ['tomorrow', at(2026, 11, 23)],
    ['in 1999', at(1999, 11, 10)],
    ['in 2030', at(2030, 1, 1)],
  ])('refuses a date %s, naming the allowed range', (_what, date) => {
    expect(dateEntryRangeProblem(date, dateEntryRange(created, now))).toBe(
      'Enter a date from 03/11/2026 to 22/11/2026.',
    );
  });

  it('without a created date applies the year bound and the future bound only', () => {
    const range = dateEntryRange(null, now);
    expect(range.earliest).toEqual(new Date(DATE_ENTRY_MIN_YEAR, 0, 1));
    expect(dateEntryRangeProblem(at(DATE_ENTRY_MIN_YEAR, 1, 1), range)).toBeNull();
    expect(dateEntryRangeProblem(at(2019, 12, 31), range)).toBe(
      'Enter a date from 01/01/2020 to 22/11/2026.',
    );
    expect(dateEntryRangeProblem(at(2026, 11, 23), range)).not.toBeNull();
    // An unreadable created date counts as none.
    expect(dateEntryRange(new Date(Number.NaN), now)).toEqual(range);
  });

  it('a created date after today (skewed clock) still leaves today', () => {
    const range = dateEntryRange(new Date(2027, 0, 1), now);
    expect(range.earliest).toEqual(range.latest);
    expect(dateEntryRangeProblem(at(2026, 11, 22), range)).toBeNull();
  });

  it('today saves 15:00 only once it has passed, else the moment of saving; a past day keeps 15:00', () => {
    const quarterToFour = new Date(2026, 10, 22, 3, 45);
    expect(statusHappenedAt(at(2026, 11, 22), quarterToFour)).toEqual(quarterToFour);
    expect(statusHappenedAt(at(2026, 11, 22), now)).toEqual(at(2026, 11, 22));
    expect(statusHappenedAt(at(2026, 11, 21), quarterToFour)).toEqual(at(2026, 11, 21));
  });

  it('a status time later than now (beyond a small clock skew) is in the future', () => {
    const nowMs = Date.UTC(2026, 10, 22, 3, 45);
    expect(isStatusTimeInFuture(new Date(nowMs + 11 * 3_600_000).toISOString(), nowMs)).toBe(true);
    expect(isStatusTimeInFuture(new Date(nowMs + STATUS_TIME_CLOCK_SKEW_MS + 1).toISOString(), nowMs)).toBe(
      true,
    );
    expect(isStatusTimeInFuture(new Date(nowMs + 30_000).toISOString(), nowMs)).toBe(false);
    expect(isStatusTimeInFuture(new Date(nowMs - 86_400_000).toISOString(), nowMs)).toBe(false);
  });

  it('keeps SAVE CHANGES disabled for a real date outside the range', () => {
    const range = dateEntryRange(created, now);
    const inRange: DateEntryState = { day: '10', month: '11', year: '2026', focus: 'year' };
    expect(isDateSaveDisabled(inRange, false, range)).toBe(false);
    expect(isDateSaveDisabled({ ...inRange, year: '2030' }, false, range)).toBe(true);
    expect(isDateSaveDisabled({ ...inRange, year: '2030' }, false)).toBe(false);
  });
});

describe('a whole date pasted into the fields', () => {
  it.each([
    ['28/11/2026', '28', '11', '2026'],
    ['28.11.2026', '28', '11', '2026'],
    ['28-11-2026', '28', '11', '2026'],
    ['3/7/2026', '03', '07', '2026'],
    [' 28 / 11 / 2026 ', '28', '11', '2026'],
    ['28112026', '28', '11', '2026'],
    ['2026-11-28', '28', '11', '2026'],
    ['2026-11-28T10:21:03.000Z', '28', '11', '2026'],
    ['2026-11-28 10:21', '28', '11', '2026'],
  ])('reads %s as day %s, month %s, year %s', (text, day, month, year) => {
    expect(datePartsFromText(text)).toEqual({ day, month, year });
  });

  it.each(['28/13/2026', '32/11/2026', '2026/11/28', 'yesterday', '28/11/26', '', '11/28'])(
    'reads no date from %s',
    (text) => {
      expect(datePartsFromText(text)).toBeNull();
    },
  );

  it('fills all three fields and moves to the year, where the date is checked as typed ones are', () => {
    const state = dateEntryReducer(INITIAL_DATE_ENTRY, {
      type: 'paste',
      parts: { day: '31', month: '02', year: '2026' },
    });
    expect(state).toEqual({ day: '31', month: '02', year: '2026', focus: 'year' });
    expect(dateEntryValue(state)).toBeNull();
  });
});
