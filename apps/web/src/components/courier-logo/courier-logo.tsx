import { COURIERS, isCourierKey } from '@waybill/contracts';
import styles from './courier-logo.module.css';
import { courierMark } from './courier-marks.js';

export interface CourierLogoProps {
  /** Contracts' logo id (one per brand), or a courier key via `courierKey`. */
  logo?: string;
  courierKey?: string | null;
  /** The courier's name: the tile's tooltip and its text for screen readers. */
  name: string;
  /** Beside a label that already names the courier (a filter option): hidden from screen readers. */
  decorative?: boolean;
}

/** The logo id of a courier key, when the key is known. */
export function courierLogoId(key: string | null | undefined): string | undefined {
  return isCourierKey(key) ? COURIERS[key].logo : undefined;
}

/**
 * A courier's small mark (an SVG tile with its initials); a courier without one shows its name in
 * a text chip. The name stays in the text for screen readers and search either way.
 */
export function CourierLogo({ logo, courierKey, name, decorative = false }: CourierLogoProps) {
  const id = logo ?? courierLogoId(courierKey);
  const found = id ? courierMark(id) : undefined;
  if (!found) {
    if (decorative) return null;
    return (
      <span className={styles.chip} data-logo={id ?? 'none'} title={name}>
        {name}
      </span>
    );
  }
  const width = found.initials.length > 2 ? 30 : 24;
  return (
    <span
      className={styles.mark}
      data-logo={id}
      data-testid="courier-mark"
      title={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      <svg width={width} height={18} viewBox={`0 0 ${width} 18`} aria-hidden focusable="false">
        <rect width={width} height={18} rx={4} fill={found.background} />
        <text
          x={width / 2}
          y={12.5}
          textAnchor="middle"
          fontSize={9}
          fontWeight={700}
          fontFamily="system-ui, sans-serif"
          fill={found.foreground}
        >
          {found.initials}
        </text>
      </svg>
      {decorative ? null : <span className="visually-hidden">{name}</span>}
    </span>
  );
}
