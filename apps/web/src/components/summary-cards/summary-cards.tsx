import { formatSummaryCount } from '@waybill/contracts';
import { type ColourName, colourVar, onColourVar, tintVar } from '../../lib/priority-colour.js';
import { SkeletonBlock } from '../skeleton/skeleton-block.js';
import styles from './summary-cards.module.css';

export interface SummaryCard {
  id: string;
  label: string;
  count: number;
  colour: ColourName;
  /** Done/cancel counts are hidden; errors, alerts and traffic show theirs. */
  showCount: boolean;
  active: boolean;
  disabled?: boolean;
  /** Cards with a zero count may be left out entirely (the inbounds strip does that). */
  hidden?: boolean;
}

export interface SummaryCardsProps {
  cards: readonly SummaryCard[];
  onToggle: (id: string) => void;
  /** Wider cards when a shown count reaches 10000 (compact mode). */
  compact?: boolean;
  label?: string;
  /**
   * The counts are not known yet (the first answer is on its way): counts show as placeholders and the
   * cards are neutral and inert, so a loading list never reads as "0 issues".
   */
  loading?: boolean;
}

/** Clickable priority cards that toggle the list's display priorities. */
export function SummaryCards({
  cards,
  onToggle,
  compact = false,
  label = 'Priority filter',
  loading = false,
}: SummaryCardsProps) {
  return (
    <fieldset
      className={styles.cards}
      data-compact={compact || undefined}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
    >
      <legend className="visually-hidden">{label}</legend>
      {cards
        .filter((card) => !card.hidden)
        .map((card) => (
          <button
            key={card.id}
            type="button"
            className={styles.card}
            aria-pressed={card.active}
            disabled={card.disabled || loading}
            data-testid={`summary-${card.id}`}
            data-colour={card.colour}
            // Loading cards take the neutral colours of the stylesheet: no priority colour before counts.
            style={
              loading
                ? undefined
                : {
                    ['--card-colour' as string]: colourVar(card.colour),
                    ['--card-tint' as string]: tintVar(card.colour),
                    ['--card-on' as string]: onColourVar(card.colour),
                  }
            }
            onClick={() => onToggle(card.id)}
          >
            <span className={styles.bar} aria-hidden />
            <span className={styles.label}>{card.label}</span>
            {card.showCount && loading ? (
              <SkeletonBlock width={28} className={styles.countSkeleton} />
            ) : card.showCount ? (
              <span className={styles.count}>{formatSummaryCount(card.count)}</span>
            ) : null}
          </button>
        ))}
    </fieldset>
  );
}
