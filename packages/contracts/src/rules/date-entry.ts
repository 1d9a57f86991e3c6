import { DATE_DEFAULT_HOUR } from '../constants.js';

/**
 * Day/month/year entry of the date modals (with its validation rules) as a reducer a React
 * component can use with useReducer. Fields keep only digits; day and month pad a leading zero when
 * their first digit cannot start a two-digit value; focus moves on when a field is complete.
 */
export type DateField = 'day' | 'month' | 'year';
export interface DateEntryState {
  day: string;
  month: string;
  year: string;
  /** The field that should hold the focus. */
  focus: DateField;
}
export type DateEntryAction =
  | { type: 'input'; field: DateField; value: string }
  | { type: 'focus'; field: DateField }
  | { type: 'blur'; field: DateField }
  /** A whole date pasted into any field: all three parts at once (datePartsFromText). */
  | { type: 'paste'; parts: DateEntryParts }
  | { type: 'reset' };

export type DateEntryParts = Pick<DateEntryState, 'day' | 'month' | 'year'>;

export const INITIAL_DATE_ENTRY: DateEntryState = { day: '', month: '', year: '', focus: 'day' };

const NEXT: Record<DateField, DateField> = { day: 'month', month: 'year', year: 'year' };
const MAX: Record<'day' | 'month', number> = { day: 31, month: 12 };
// Day: 4-9 cannot start 10-31, so '4' means '04'. Month: 2-9 cannot start 10-12.
const PAD_ABOVE: Record<'day' | 'month', number> = { day: 3, month: 1 };

export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Normalise one day/month keystroke result; null means the value is refused and the field keeps its old value. */
export function normaliseDayOrMonth(
  field: 'day' | 'month',
  raw: string,
): { value: string; complete: boolean } | null {
  const digits = digitsOnly(raw).slice(0, 2);
  if (digits === '') return { value: '', complete: false };
  const first = Number(digits[0]);
  if (digits.length === 1) {
    if (first > PAD_ABOVE[field]) return { value: `0${digits}`, complete: true };
    return { value: digits, complete: false };
  }
  const n = Number(digits);
  if (n < 1 || n > MAX[field]) return null;
  return { value: digits, complete: true };
}

export function normaliseYear(raw: string): { value: string; complete: boolean } {
  const value = digitsOnly(raw).slice(0, 4);
  return { value, complete: value.length === 4 };
}

export function dateEntryReducer(state: DateEntryState, action: DateEntryAction): DateEntryState {
  switch (action.type) {
    case 'reset':
      return INITIAL_DATE_ENTRY;
    case 'focus':
      return state.focus === action.field ? state : { ...state, focus: action.field };
    case 'blur': {
      // Leaving a day/month holding one digit 1-9 pads it: '1' becomes '01'.
      if (action.field === 'year') return state;
      const v = state[action.field];
      if (/^[1-9]$/.test(v)) return { ...state, [action.field]: `0${v}` };
      return state;
    }
    case 'paste':
      return { ...action.parts, focus: 'year' };
    case 'input': {
      const { field } = action;
      const next = field === 'year' ? normaliseYear(action.value) : normaliseDayOrMonth(field, action.value);
      if (next === null) return state;
      const grew = next.value.length > state[field].length;
      const focus = next.complete && grew ? NEXT[field] : state.focus;
      if (next.value === state[field] && focus === state.focus) return state;
      return { ...state, [field]: next.value, focus };
    }
  }
}

const pad = (digits: string) => digits.padStart(2, '0');
const DAY_MONTH_YEAR = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const YEAR_MONTH_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]*(?:Z|[+-]\d\d:?\d\d)?)?$/;
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * The day, month and year of a whole date pasted into the fields, or null when the text is not one:
 * DD/MM/YYYY with `/`, `.` or `-` (one-digit day or month too), DDMMYYYY, and ISO YYYY-MM-DD (with a
 * time after it, as other systems export dates). A field takes two or four characters, so without
 * this a pasted "2026-11-28" would leave "20" in the day and drop the rest.
 */
export function datePartsFromText(text: string): DateEntryParts | null {
  const trimmed = text.trim();
  const iso = YEAR_MONTH_DAY.exec(trimmed);
  const dmy = iso ? null : (DAY_MONTH_YEAR.exec(trimmed.replace(/\s+/g, '')) ?? COMPACT.exec(trimmed));
  const [day, month, year] = iso ? [iso[3], iso[2], iso[1]] : dmy ? [dmy[1], dmy[2], dmy[3]] : [];
  if (day === undefined || month === undefined || year === undefined) return null;
  const parts = { day: pad(day), month: pad(month), year };
  if (Number(parts.day) < 1 || Number(parts.day) > 31 || Number(parts.month) < 1 || Number(parts.month) > 12)
    return null;
  return parts;
}

/**
 * The entered date at 15:00 local time, or null unless day 1-31, month 1-12, a 4-digit year and a
 * real calendar date (no 31 February).
 */
export function dateEntryValue(state: DateEntryParts): Date | null {
  if (!/^\d{1,2}$/.test(state.day) || !/^\d{1,2}$/.test(state.month) || !/^\d{4}$/.test(state.year))
    return null;
  const day = Number(state.day);
  const month = Number(state.month);
  const year = Number(state.year);
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  const date = new Date(2000, 0, 1, DATE_DEFAULT_HOUR, 0, 0, 0);
  // setFullYear keeps years 0-99 literal (the Date constructor maps them to 19xx).
  date.setFullYear(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/**
 * SAVE CHANGES is disabled until a valid date exists, and while the call runs; with a range, also
 * while the date is outside it.
 */
export function isDateSaveDisabled(
  state: Pick<DateEntryState, 'day' | 'month' | 'year'>,
  busy: boolean,
  range?: DateEntryRange,
): boolean {
  const date = dateEntryValue(state);
  if (busy || date === null) return true;
  return range ? dateEntryRangeProblem(date, range) !== null : false;
}

/**
 * Plausible dates for a status change (not a stated rule; decided in docs/decisions/contracts.md and
 * docs/decisions/status-dates.md): from the day the order (or inbound) was created through today,
 * compared as local calendar days. Without a created date only the year sanity bound applies:
 * nothing before 1 January DATE_ENTRY_MIN_YEAR. A status never happens later than now, so no day
 * after today is offered (statusHappenedAt keeps today's time from passing now).
 */
export const DATE_ENTRY_MIN_YEAR = 2020;
export const DATE_ENTRY_MAX_DAYS_AHEAD = 0;

export interface DateEntryRange {
  /** First allowed day (local midnight). */
  earliest: Date;
  /** Last allowed day (local midnight). */
  latest: Date;
}

const startOfLocalDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** The allowed days: the created day (or 1 January DATE_ENTRY_MIN_YEAR) through today. */
export function dateEntryRange(createdAt: Date | null | undefined, now: Date): DateEntryRange {
  const floor = new Date(DATE_ENTRY_MIN_YEAR, 0, 1);
  const created = createdAt && !Number.isNaN(createdAt.getTime()) ? startOfLocalDay(createdAt) : null;
  const latest = startOfLocalDay(now);
  latest.setDate(latest.getDate() + DATE_ENTRY_MAX_DAYS_AHEAD);
  let earliest = created && created > floor ? created : floor;
  // A created date after today (a skewed clock) must not leave no day at all.
  if (earliest > latest) earliest = latest;
  return { earliest, latest };
}

/** DD/MM/YYYY of a local date, as the date fields read. */
export function formatDateEntry(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${String(date.getFullYear()).padStart(4, '0')}`;
}

/** Why a real date is outside the range, naming the allowed days; null when it is inside. */
export function dateEntryRangeProblem(date: Date, range: DateEntryRange): string | null {
  const day = startOfLocalDay(date);
  if (day >= range.earliest && day <= range.latest) return null;
  return `Enter a date from ${formatDateEntry(range.earliest)} to ${formatDateEntry(range.latest)}.`;
}

/**
 * When a status entered as `day` (15:00 local, dateEntryValue) happened: 15:00 that day, but never
 * later than `now`. A past day keeps 15:00; today before 15:00 saves the moment of saving.
 */
export function statusHappenedAt(day: Date, now: Date): Date {
  return day.getTime() > now.getTime() ? new Date(now.getTime()) : day;
}

/**
 * How far ahead of the gateway's clock a status time may be: the console's clock may run a little
 * ahead. Anything later is a status in the future and is refused.
 */
export const STATUS_TIME_CLOCK_SKEW_MS = 2 * 60_000;

/** Whether an ISO status time is later than `nowMs` (beyond the clock skew allowed). */
export function isStatusTimeInFuture(iso: string, nowMs: number = Date.now()): boolean {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms > nowMs + STATUS_TIME_CLOCK_SKEW_MS;
}
