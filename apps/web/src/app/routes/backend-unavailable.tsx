import { useEffect } from 'react';
import { Button } from '../../components/button/button.js';
import { errorMessage } from '../../lib/errors.js';
import styles from './protected-layout.module.css';

/** How often the console asks again while the gateway or the backend cannot answer. */
export const SESSION_RETRY_MS = 5_000;

/**
 * The console could not check the session or load the user, for a reason other than the session
 * having ended (backend down, gateway restarting, a timeout): the user stays signed in, and the
 * calls are made again every SESSION_RETRY_MS until they answer.
 */
export function BackendUnavailable({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    const timer = setInterval(retry, SESSION_RETRY_MS);
    return () => clearInterval(timer);
  }, [retry]);
  return (
    <div className={styles.problem} role="status" aria-live="polite">
      <h1>The backend is unavailable</h1>
      <p>{errorMessage(error)}</p>
      <p>You are still signed in. Retrying every few seconds…</p>
      <Button variant="primary" onClick={retry}>
        Try again now
      </Button>
    </div>
  );
}
