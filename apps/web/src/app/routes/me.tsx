import { ScriptTokensSection } from '../../features/script-tokens/script-tokens-section.js';
import { useCurrentUser } from '../../hooks/use-reference-data.js';
import styles from './me.module.css';

/**
 * /me has no stated content. Not a stated rule; decided in docs/decisions/web.md: it shows who is
 * signed in, and their script tokens.
 */
export function MeRoute() {
  const me = useCurrentUser();
  const user = me.data?.user;
  return (
    <>
      <section className={styles.card} aria-label="Your account">
        {/* The header's title is the screen's one h1. */}
        <h2 className={styles.title}>{user?.name ?? 'Your account'}</h2>
        <dl className={styles.list}>
          <dt>E-mail</dt>
          <dd>{typeof user?.email === 'string' ? user.email : '-'}</dd>
          <dt>Department</dt>
          <dd>{user?.department ?? '-'}</dd>
        </dl>
      </section>
      <ScriptTokensSection />
    </>
  );
}
