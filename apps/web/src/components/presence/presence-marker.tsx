import { Eye } from 'lucide-react';
import { usePresenceStale, useViewers } from '../../hooks/use-presence.js';
import styles from './presence.module.css';
import { PRESENCE_STALE_TEXT } from './presence-avatars.js';

/** A small eye on a list row someone else has open; its name says who (and, offline, that it may be old). */
export function PresenceMarker({ orderUid }: { orderUid: string }) {
  const viewers = useViewers(orderUid);
  const stale = usePresenceStale();
  if (viewers.length === 0) return null;
  const names = viewers.map((v) => v.name).join(', ');
  const label = `Open by ${names}${stale ? ` (${PRESENCE_STALE_TEXT})` : ''}`;
  return (
    <span
      className={styles.marker}
      role="img"
      aria-label={label}
      title={label}
      data-testid="presence-marker"
      data-stale={stale || undefined}
    >
      <Eye size={12} aria-hidden />
    </span>
  );
}
