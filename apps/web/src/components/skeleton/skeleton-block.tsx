import styles from './skeleton-rows.module.css';

/** One shimmering placeholder bar, where a value (a count, a name) will appear once loaded. */
export function SkeletonBlock({ width, className }: { width: number; className?: string }) {
  return (
    <span
      className={className ? `${styles.block} ${className}` : styles.block}
      style={{ width }}
      data-testid="skeleton-block"
      aria-hidden
    />
  );
}
