import { usePresenceStale, useViewers } from '../../hooks/use-presence.js';
import { badgeInitials } from '../../lib/text.js';
import styles from './presence.module.css';

/** Said to screen readers after presence heard before the connection was lost. */
export const PRESENCE_STALE_TEXT = 'may be out of date';

/**
 * Initials of the colleagues who have this order open; who is writing a comment is said too.
 * Greyed, and "may be out of date" for screen readers, while the connection is lost.
 */
export function PresenceAvatars({ orderUid, className }: { orderUid: string; className?: string }) {
  const viewers = useViewers(orderUid);
  const stale = usePresenceStale();
  if (viewers.length === 0) return null;
  const typing = viewers.filter((v) => v.typing).map((v) => v.name);
  const staleNote = stale ? ` (${PRESENCE_STALE_TEXT})` : '';
  const typingText = `${typing.join(', ')} ${typing.length === 1 ? 'is' : 'are'} typing…`;
  return (
    <div
      className={className ? `${styles.avatars} ${className}` : styles.avatars}
      data-testid="presence-avatars"
      data-stale={stale || undefined}
    >
      <ul className={styles.list} aria-label={`Also viewing this order${staleNote}`}>
        {viewers.map((v) => (
          <li
            key={v.uid}
            className={styles.avatar}
            data-typing={v.typing || undefined}
            title={`${v.typing ? `${v.name} is typing a comment` : `${v.name} is viewing`}${staleNote}`}
          >
            <span aria-hidden>{badgeInitials(v.name)}</span>
            <span className="visually-hidden">{v.typing ? `${v.name}, typing a comment` : v.name}</span>
          </li>
        ))}
      </ul>
      {typing.length > 0 ? (
        // The title keeps the whole text where a short line ends it in an ellipsis.
        <span className={styles.typing} aria-live="polite" data-testid="presence-typing" title={typingText}>
          {typingText}
          {stale ? <span className="visually-hidden">{staleNote}</span> : null}
        </span>
      ) : null}
    </div>
  );
}
