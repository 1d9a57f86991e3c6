import { CircleCheck, RefreshCw } from 'lucide-react';
import { useConnectionState } from '../../hooks/use-connection-state.js';
import styles from './connection-banner.module.css';

/**
 * Says when the console cannot hear the gateway ('Reconnecting…', within a second of the drop) and,
 * for a moment, that it is back. The status region is always there, empty while connected, so
 * screen readers announce each change politely; it floats over the page, so nothing moves.
 */
export function ConnectionBanner() {
  const { status } = useConnectionState();
  return (
    <div className={styles.region} role="status" aria-live="polite" data-testid="connection-status">
      {status === 'reconnecting' ? (
        <p className={styles.banner} data-state="reconnecting" data-testid="connection-banner">
          <RefreshCw size={16} aria-hidden className={styles.spin} />
          <strong>Reconnecting…</strong>
          <span>Live updates and colleagues’ presence may be out of date.</span>
        </p>
      ) : status === 'back' ? (
        <p className={styles.banner} data-state="back" data-testid="connection-banner">
          <CircleCheck size={16} aria-hidden />
          <strong>Back online</strong>
        </p>
      ) : null}
    </div>
  );
}
