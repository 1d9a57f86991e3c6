import { CloudOff } from 'lucide-react';
import styles from './backend-unreachable-banner.module.css';

const UNREACHABLE_TEXT = 'Cannot reach the Waybill backend — retrying';

/** Says the backend cannot be reached and that the list keeps trying (a polite status region). */
export function BackendUnreachableBanner() {
  return (
    <div className={styles.banner} role="status" data-testid="backend-unreachable">
      <CloudOff size={16} aria-hidden />
      <span>{UNREACHABLE_TEXT}</span>
    </div>
  );
}
