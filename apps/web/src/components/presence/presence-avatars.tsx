import { useViewers } from '../../hooks/use-presence.js';
import { badgeInitials } from '../../lib/text.js';
import styles from './presence.module.css';

/** Initials of the colleagues who have this order open; who is writing a comment is said too. */
export function PresenceAvatars({ orderUid }: { orderUid: string }) {
  const viewers = useViewers(orderUid);
  if (viewers.length === 0) return null;
  const typing = viewers.filter((v) => v.typing).map((v) => v.name);
  return (
    <div className={styles.avatars} data-testid="presence-avatars">
      <ul className={styles.list} aria-label="Also viewing this order">
        {viewers.map((v) => (
          <li
            key={v.uid}
            className={styles.avatar}
            data-typing={v.typing || undefined}
            title={v.typing ? `${v.name} is typing a comment` : `${v.name} is viewing`}
          >
            <span aria-hidden>{badgeInitials(v.name)}</span>
            <span className="visually-hidden">{v.typing ? `${v.name}, typing a comment` : v.name}</span>
          </li>
        ))}
      </ul>
      {typing.length > 0 ? (
        <span className={styles.typing} aria-live="polite" data-testid="presence-typing">
          {typing.join(', ')} {typing.length === 1 ? 'is' : 'are'} typing…
        </span>
      ) : null}
    </div>
  );
}
