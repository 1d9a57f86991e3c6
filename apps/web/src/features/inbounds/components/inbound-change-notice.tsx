import styles from './inbound-modals.module.css';

/** Someone else changed the inbound a modal is open for: say what, and offer to take the new state. */
export function InboundChangeNotice({ change, onReview }: { change: string | null; onReview: () => void }) {
  if (!change) return null;
  return (
    <div className={styles.changed} role="alert" data-testid="inbound-changed">
      <p>This inbound was changed by someone else: {change}</p>
      <button type="button" className={styles.review} onClick={onReview}>
        Review
      </button>
    </div>
  );
}
