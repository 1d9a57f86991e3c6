import styles from './store-row.module.css';

/** Points of a polyline for `values` inside a width × height box (flat line when all are equal). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? i * step : width / 2;
      const y = max === min ? height / 2 : height - ((v - min) / span) * (height - 2) - 1;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** Compact order-volume trend of the last days (statistics.orders.daily). */
export function Sparkline({ values, colour }: { values: readonly number[]; colour: string }) {
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <svg
      className={styles.sparkline}
      width={84}
      height={22}
      viewBox="0 0 84 22"
      role="img"
      aria-label={`Orders per day over the last ${values.length} days, ${total} in total`}
      data-testid="sparkline"
    >
      <polyline points={sparklinePoints(values, 84, 22)} fill="none" stroke={colour} strokeWidth={1.5} />
    </svg>
  );
}
