import { Eye } from 'lucide-react';
import { useViewers } from '../../hooks/use-presence.js';
import styles from './presence.module.css';

/** A small eye on a list row someone else has open; its name says who. */
export function PresenceMarker({ orderUid }: { orderUid: string }) {
  const viewers = useViewers(orderUid);
  if (viewers.length === 0) return null;
  const names = viewers.map((v) => v.name).join(', ');
  return (
    <span
      className={styles.marker}
      role="img"
      aria-label={`Open by ${names}`}
      title={`Open by ${names}`}
      data-testid="presence-marker"
    >
      <Eye size={12} aria-hidden />
    </span>
  );
}
