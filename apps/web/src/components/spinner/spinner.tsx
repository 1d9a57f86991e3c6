import { LoaderCircle } from 'lucide-react';
import styles from './spinner.module.css';

export function Spinner({ label = 'Loading', size = 20 }: { label?: string; size?: number }) {
  return (
    <span className={styles.spinner} role="status">
      <LoaderCircle size={size} aria-hidden className={styles.icon} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Full-screen overlay while a page-level call runs. */
export function SpinnerOverlay({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.overlay}>
      <Spinner label={label} size={32} />
    </div>
  );
}
