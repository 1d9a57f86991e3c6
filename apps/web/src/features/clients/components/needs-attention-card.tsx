import { formatCount } from '@waybill/contracts';
import { AlertTriangle } from 'lucide-react';
import pageStyles from './clients-page.module.css';
import styles from './store-health.module.css';

export interface NeedsAttentionCardProps {
  /** Stores needing attention; null while the check runs. */
  count: number | null;
  /** The check failed: no count is shown rather than a reassuring 0. */
  failed?: boolean;
  pressed: boolean;
  onToggle: () => void;
}

/**
 * The "Needs attention" card (store health): how many connected stores' orders fell by half or
 * stopped; pressing it lists only those stores.
 */
export function NeedsAttentionCard({ count, failed = false, pressed, onToggle }: NeedsAttentionCardProps) {
  return (
    <fieldset className={pageStyles.cards} aria-label="Store health">
      <button
        type="button"
        className={`${pageStyles.card} ${styles.card}`}
        aria-pressed={pressed}
        data-testid="attention-card"
        onClick={onToggle}
      >
        <span className={pageStyles.cardLabel}>
          <AlertTriangle size={12} aria-hidden /> Needs attention
        </span>
        <span className={pageStyles.cardCount}>
          {failed ? (
            <>
              <span aria-hidden>–</span>
              <span className="visually-hidden">not available, retrying</span>
            </>
          ) : count === null ? (
            '…'
          ) : (
            formatCount(count)
          )}
        </span>
      </button>
    </fieldset>
  );
}
