import {
  type DisplayStatistics,
  type OrdersFilter,
  setLateMode,
  toggleDisplayPriorities,
} from '@waybill/contracts';
import { AlarmClock } from 'lucide-react';
import { SummaryCards } from '../../../components/summary-cards/summary-cards.js';
import { colourVar } from '../../../lib/priority-colour.js';
import { isCompactSummary, priorityBarColour, showSummaryDivider, summaryCards } from '../lib/summary.js';
import styles from './priority-bar.module.css';

export interface PriorityBarProps {
  filter: OrdersFilter;
  onChange: (next: OrdersFilter) => void;
  statistics: DisplayStatistics | null;
  emptyState: boolean;
}

/** Summary cards (toggle display priorities), the divider rule and the late toggle. */
export function PriorityBar({ filter, onChange, statistics, emptyState }: PriorityBarProps) {
  const cards = summaryCards(statistics, filter.displayPriorities);
  const compact = isCompactSummary(cards);
  const divider = showSummaryDivider(cards, emptyState);
  return (
    <div
      className={styles.bar}
      style={{ ['--bar-colour' as string]: colourVar(priorityBarColour(statistics)) }}
    >
      <SummaryCards
        label="Order priorities"
        compact={compact}
        cards={cards.map((c) => ({
          id: c.id,
          label: c.label,
          count: c.count,
          colour: c.colour,
          showCount: c.showCount,
          active: c.active,
        }))}
        onToggle={(id) => {
          const card = cards.find((c) => c.id === id);
          if (card)
            onChange({
              ...filter,
              displayPriorities: toggleDisplayPriorities(filter.displayPriorities, card.priorities),
            });
        }}
      />
      {divider ? <span className={styles.divider} data-testid="summary-divider" aria-hidden /> : null}
      <button
        type="button"
        className={styles.late}
        aria-pressed={filter.orders_late}
        onClick={() => onChange(setLateMode(filter, !filter.orders_late))}
      >
        <AlarmClock size={14} aria-hidden />
        Late
      </button>
    </div>
  );
}
