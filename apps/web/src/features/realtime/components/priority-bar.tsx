import {
  type DisplayStatistics,
  isOrderSummaryCompact,
  type OrdersFilter,
  orderSummaryCardColour,
  orderSummaryCards,
  prioritiesSelected,
  priorityCount,
  setLateMode,
  showSummaryDivider,
  toggleDisplayPriorities,
} from '@waybill/contracts';
import { AlarmClock } from 'lucide-react';
import { SummaryCards } from '../../../components/summary-cards/summary-cards.js';
import { colourVar } from '../../../lib/priority-colour.js';
import styles from './priority-bar.module.css';

export interface PriorityBarProps {
  filter: OrdersFilter;
  onChange: (next: OrdersFilter) => void;
  statistics: DisplayStatistics | null;
  emptyState: boolean;
}

/** Summary cards (toggle display priorities), the divider rule and the late toggle. */
export function PriorityBar({ filter, onChange, statistics, emptyState }: PriorityBarProps) {
  // No statistics yet: the first answer is on its way (its rows may already be listed).
  const loading = statistics === null;
  const stats = statistics ?? {};
  const cards = orderSummaryCards(stats);
  const barColour = orderSummaryCardColour([0, 1, 2, 3].map((p) => priorityCount(stats, p)));
  return (
    <div
      className={styles.bar}
      style={{ ['--bar-colour' as string]: loading ? 'var(--border-strong)' : colourVar(barColour) }}
    >
      <SummaryCards
        label="Order priorities"
        loading={loading}
        compact={isOrderSummaryCompact(stats)}
        cards={cards.map((c) => ({
          id: c.id,
          label: c.label,
          count: c.count,
          colour: c.colour,
          showCount: c.countVisible,
          active: prioritiesSelected(c.priorities, filter.displayPriorities),
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
      {/* The divider and the late toggle wrap as one: the rule never ends a line on its own. */}
      <span className={styles.lateGroup}>
        {showSummaryDivider(stats, emptyState) ? (
          <span className={styles.divider} data-testid="summary-divider" aria-hidden />
        ) : null}
        <button
          type="button"
          className={styles.late}
          aria-pressed={filter.orders_late}
          onClick={() => onChange(setLateMode(filter, !filter.orders_late))}
        >
          <AlarmClock size={14} aria-hidden />
          Late
        </button>
      </span>
    </div>
  );
}
