import { useEffect, useRef } from 'react';
import { useConnectionState } from '../../hooks/use-connection-state.js';
import { Button } from '../button/button.js';
import styles from './route-error.module.css';

/**
 * In place of a screen whose code could not be loaded. With the server reachable it is a deploy
 * (the old chunk names are gone): the user reloads when it suits them (drafts are kept in the
 * browser, so nothing typed is lost). With the connection lost it says so and reloads by itself
 * once the connection is back: the page then gets the chunks of whatever version is served.
 */
export function ChunkLoadFailed() {
  const { down, recoveries } = useConnectionState();
  const seen = useRef(recoveries);
  useEffect(() => {
    if (recoveries !== seen.current) window.location.reload();
  }, [recoveries]);
  return (
    <div className={`${styles.page} ${styles.floating}`} role="alert" data-testid="chunk-load-failed">
      {down ? (
        <>
          <h1 className={styles.calmTitle}>This screen could not be loaded</h1>
          <p className={styles.text}>
            The server cannot be reached. It loads by itself once the connection is back.
          </p>
        </>
      ) : (
        <>
          <h1 className={styles.calmTitle}>A new version of the console is available</h1>
          <p className={styles.text}>Reload to open this screen. What you typed is kept.</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </>
      )}
    </div>
  );
}
