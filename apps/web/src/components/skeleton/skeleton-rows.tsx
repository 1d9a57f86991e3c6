import styles from './skeleton-rows.module.css';

/** Fixed-height placeholder rows, so the page does not shift when data arrives. */
export function SkeletonRows({ rows = 8, height = 64 }: { rows?: number; height?: number }) {
  return (
    <div className={styles.rows} role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => `skeleton-${i}`).map((key) => (
        <div key={key} className={styles.row} style={{ height }}>
          <span className={styles.block} style={{ width: 36 }} />
          <span className={styles.block} style={{ width: 140 }} />
          <span className={styles.block} style={{ width: 110 }} />
          <span className={styles.block} style={{ width: 120 }} />
          <span className={styles.block} style={{ width: 160 }} />
        </div>
      ))}
    </div>
  );
}
