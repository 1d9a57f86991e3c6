import { badgeInitials } from '../../lib/text.js';
import styles from './holds.module.css';
import { useHold } from './holds-context.js';

/** The holder's initials on a row or the detail; its accessible name says "Held by <name>". */
export function HoldAvatar({ orderUid, size = 'small' }: { orderUid: string; size?: 'small' | 'large' }) {
  const hold = useHold(orderUid);
  if (!hold) return null;
  const label = `Held by ${hold.holder.name}`;
  return (
    <span
      className={styles.avatar}
      data-size={size}
      role="img"
      aria-label={label}
      title={label}
      data-testid="hold-avatar"
    >
      <span aria-hidden>{badgeInitials(hold.holder.name)}</span>
    </span>
  );
}
