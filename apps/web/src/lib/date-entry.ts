import { DATE_DEFAULT_HOUR } from '@waybill/contracts';

/** Day/month/year entry rules of the date modals (spec 5). */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const EMPTY_DATE_PARTS: DateParts = { day: '', month: '', year: '' };

const digits = (raw: string) => raw.replace(/\D/g, '');

/** Digits only, at most 2; a first digit above `padAbove` gets a leading zero (4 → 04 for a day). */
function twoDigit(raw: string, padAbove: number): string {
  const d = digits(raw);
  if (d.length === 1 && Number(d) > padAbove) return `0${d}`;
  return d.slice(0, 2);
}

export const sanitizeDay = (raw: string) => twoDigit(raw, 3);
export const sanitizeMonth = (raw: string) => twoDigit(raw, 1);
export const sanitizeYear = (raw: string) => digits(raw).slice(0, 4);

export const isDayComplete = (v: string) => v.length === 2;
export const isMonthComplete = (v: string) => v.length === 2;
export const isYearComplete = (v: string) => v.length === 4;

export type DateProblem = 'incomplete' | 'day' | 'month' | 'year' | 'not-a-date';

/** Why the parts do not form a date yet, or null when they do. */
export function dateProblem(parts: DateParts): DateProblem | null {
  if (!parts.day || !parts.month || !parts.year) return 'incomplete';
  const day = Number(parts.day);
  const month = Number(parts.month);
  if (!/^\d{1,2}$/.test(parts.day) || day < 1 || day > 31) return 'day';
  if (!/^\d{1,2}$/.test(parts.month) || month < 1 || month > 12) return 'month';
  if (!/^\d{4}$/.test(parts.year)) return 'year';
  const probe = new Date(Number(parts.year), month - 1, day);
  if (probe.getMonth() !== month - 1 || probe.getDate() !== day) return 'not-a-date';
  return null;
}

/** A valid entry becomes that day at 15:00 local time; anything else is null (no 31 February). */
export function partsToDate(parts: DateParts): Date | null {
  if (dateProblem(parts) !== null) return null;
  const date = new Date(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    DATE_DEFAULT_HOUR,
    0,
    0,
    0,
  );
  // Years 0-99 are mapped to 1900+ by the Date constructor; set the full year explicitly.
  date.setFullYear(Number(parts.year));
  return date;
}

export function dateProblemText(problem: DateProblem | null): string | null {
  switch (problem) {
    case 'day':
      return 'Day must be between 1 and 31.';
    case 'month':
      return 'Month must be between 1 and 12.';
    case 'year':
      return 'Year must have 4 digits.';
    case 'not-a-date':
      return 'This date does not exist.';
    default:
      return null;
  }
}
