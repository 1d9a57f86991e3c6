import { formatCount, type OrdersFilter } from '@waybill/contracts';
import { Search } from 'lucide-react';
import { type NarrowingChoice, narrowedFilter } from '../lib/list-cap.js';
import styles from './list-cap-notice.module.css';

const KIND_WORD = { warehouse: 'Warehouse', merchant: 'Merchant', courier: 'Courier' } as const;

export interface ListCapNoticeProps {
  /** 'Showing the first 1,000 of 2,650 matching orders.' (contracts' listCapText). */
  text: string;
  choices: readonly NarrowingChoice[];
  filter: OrdersFilter;
  onFilterChange: (next: OrdersFilter) => void;
}

/** Focuses the order search box in the filter bar (the '/' shortcut does the same). */
function focusSearch(): void {
  const input = document.querySelector<HTMLInputElement>('input[type="search"][name="q"]');
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
}

/**
 * In the footer of a list that stops short of its matches: how many match, and ways to reach the
 * rest in place: the order search, or one click narrowing to a warehouse, merchant or courier whose
 * orders all fit.
 */
export function ListCapNotice({ text, choices, filter, onFilterChange }: ListCapNoticeProps) {
  return (
    <div className={styles.notice} data-testid="list-cap-notice">
      <p className={styles.text}>{text} To reach the others, search by reference or narrow the list.</p>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={focusSearch}>
          <Search size={13} aria-hidden />
          Search by reference
        </button>
        {choices.map((choice) => (
          <button
            key={`${choice.kind}:${choice.value}`}
            type="button"
            className={styles.action}
            onClick={() => onFilterChange(narrowedFilter(filter, choice))}
          >
            {KIND_WORD[choice.kind]}: {choice.label} ({formatCount(choice.count)})
          </button>
        ))}
      </div>
    </div>
  );
}
