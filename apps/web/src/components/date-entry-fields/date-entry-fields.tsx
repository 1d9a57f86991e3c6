import {
  type DateEntryAction,
  type DateEntryState,
  type DateField,
  dateEntryReducer,
  dateEntryValue,
  datePartsFromText,
} from '@waybill/contracts';
import { type ClipboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { DateParts } from '../../lib/date-entry.js';
import styles from './date-entry-fields.module.css';

export interface DateEntryFieldsProps {
  /** Day/month/year (and the focused field) of the contracts' date-entry reducer; EMPTY_DATE_PARTS to start. */
  value: DateParts;
  onChange: (next: DateEntryState) => void;
  disabled?: boolean;
  label?: string;
  /** Why a real date is refused (outside the allowed range); shown when the date itself exists. */
  rangeProblem?: string | null;
  /** Enter in any field (the modal saves when the date is valid). */
  onEnter?: () => void;
}

const maxLength = (name: DateField) => (name === 'year' ? 4 : 2);

/** Why a fully typed entry is not a date, for the inline message. */
export function dateEntryProblem(value: Pick<DateEntryState, 'day' | 'month' | 'year'>): string | null {
  if (value.day.length < 2 || value.month.length < 2 || value.year.length < 4) return null;
  return dateEntryValue(value) === null ? 'This date does not exist. Check the day and the month.' : null;
}

/**
 * DD / MM / YYYY digit fields: digits only, day/month padding, focus moves day → month →
 * year when a field is complete, and an inline message when the date does not exist.
 */
export function DateEntryFields({
  value,
  onChange,
  disabled,
  label = 'Date',
  rangeProblem = null,
  onEnter,
}: DateEntryFieldsProps) {
  const id = useId();
  const refs = {
    day: useRef<HTMLInputElement>(null),
    month: useRef<HTMLInputElement>(null),
    year: useRef<HTMLInputElement>(null),
  };
  const [pasteProblem, setPasteProblem] = useState<string | null>(null);
  const problem = pasteProblem ?? dateEntryProblem(value) ?? rangeProblem;
  const state: DateEntryState = { ...value, focus: value.focus ?? 'day' };
  const lastFocus = useRef(state.focus);

  // The reducer decides where the focus goes; move it only when that changes.
  useEffect(() => {
    if (state.focus !== lastFocus.current) {
      lastFocus.current = state.focus;
      refs[state.focus].current?.focus();
    }
  });

  const dispatch = (action: DateEntryAction) => onChange(dateEntryReducer(state, action));

  // A field takes 2 or 4 characters, so the browser would cut a pasted whole date to its first two
  // ("2026-11-28" leaving day 20): a paste that is more than one field's digits fills all three, or
  // is refused in words, and never half-kept.
  const paste = (name: DateField) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (/^\d*$/.test(text.trim()) && text.trim().length <= maxLength(name)) return;
    event.preventDefault();
    const parts = datePartsFromText(text);
    setPasteProblem(parts ? null : 'That is not a date: paste it as DD/MM/YYYY or YYYY-MM-DD, or type it.');
    if (parts) dispatch({ type: 'paste', parts });
  };

  const field = (name: DateField, text: string, placeholder: string, width: 'short' | 'long') => (
    <label className={styles.field}>
      <span className={styles.fieldLabel}>{placeholder}</span>
      <input
        ref={refs[name]}
        className={width === 'long' ? `${styles.input} ${styles.year}` : styles.input}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        aria-label={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        maxLength={maxLength(name)}
        data-autofocus={name === 'day' || undefined}
        value={value[name]}
        onFocus={() => {
          lastFocus.current = name;
          if (state.focus !== name) dispatch({ type: 'focus', field: name });
        }}
        onBlur={() => dispatch({ type: 'blur', field: name })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && onEnter) {
            event.preventDefault();
            onEnter();
          }
        }}
        onPaste={paste(name)}
        onChange={(e) => {
          setPasteProblem(null);
          dispatch({ type: 'input', field: name, value: e.target.value });
        }}
      />
    </label>
  );

  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.row}>
        {field('day', 'Day', 'DD', 'short')}
        <span className={styles.sep} aria-hidden>
          /
        </span>
        {field('month', 'Month', 'MM', 'short')}
        <span className={styles.sep} aria-hidden>
          /
        </span>
        {field('year', 'Year', 'YYYY', 'long')}
      </div>
      <p id={`${id}-error`} className={styles.error} role={problem ? 'alert' : undefined}>
        {problem ?? '\u00a0'}
      </p>
    </fieldset>
  );
}
