import { useId, useRef } from 'react';
import {
  type DateParts,
  dateProblem,
  dateProblemText,
  isDayComplete,
  isMonthComplete,
  sanitizeDay,
  sanitizeMonth,
  sanitizeYear,
} from '../../lib/date-entry.js';
import styles from './date-entry-fields.module.css';

export interface DateEntryFieldsProps {
  value: DateParts;
  onChange: (next: DateParts) => void;
  disabled?: boolean;
  label?: string;
}

/** DD / MM / YYYY digit fields: padding, focus moves day → month → year, and a real-date check. */
export function DateEntryFields({ value, onChange, disabled, label = 'Date' }: DateEntryFieldsProps) {
  const id = useId();
  const monthRef = useRef<HTMLInputElement>(null);
  const yearRef = useRef<HTMLInputElement>(null);
  const problem = dateProblem(value);
  const message = dateProblemText(problem);
  const allFilled = isDayComplete(value.day) && isMonthComplete(value.month) && value.year.length === 4;
  const invalid = allFilled && problem !== null;

  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.row}>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>DD</span>
          <input
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder="DD"
            aria-label="Day"
            aria-invalid={invalid || undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            maxLength={2}
            value={value.day}
            onChange={(e) => {
              const day = sanitizeDay(e.target.value);
              onChange({ ...value, day });
              if (isDayComplete(day)) monthRef.current?.focus();
            }}
          />
        </label>
        <span className={styles.sep} aria-hidden>
          /
        </span>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>MM</span>
          <input
            ref={monthRef}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder="MM"
            aria-label="Month"
            aria-invalid={invalid || undefined}
            maxLength={2}
            value={value.month}
            onChange={(e) => {
              const month = sanitizeMonth(e.target.value);
              onChange({ ...value, month });
              if (isMonthComplete(month)) yearRef.current?.focus();
            }}
          />
        </label>
        <span className={styles.sep} aria-hidden>
          /
        </span>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>YYYY</span>
          <input
            ref={yearRef}
            className={`${styles.input} ${styles.year}`}
            inputMode="numeric"
            autoComplete="off"
            placeholder="YYYY"
            aria-label="Year"
            aria-invalid={invalid || undefined}
            maxLength={4}
            value={value.year}
            onChange={(e) => onChange({ ...value, year: sanitizeYear(e.target.value) })}
          />
        </label>
      </div>
      <p id={`${id}-error`} className={styles.error} role={invalid ? 'alert' : undefined}>
        {invalid ? message : '\u00a0'}
      </p>
    </fieldset>
  );
}
