import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/chunk-error.js';
import { errorCode, errorMessage } from '../../lib/errors.js';
import { ChunkLoadFailed } from './chunk-load-failed.js';
import styles from './route-error.module.css';

/**
 * Route errorElement: unexpected routing errors show 'Unexpected Application Error!'. A screen
 * whose code could not be loaded (a lazy route or modal after a deploy) offers a reload instead.
 */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadFailed />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : errorCode(error)
      ? // A failed call that reached the router: the console's words, not the server's.
        errorMessage(error)
      : error instanceof Error
        ? error.message
        : null;
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      <a className={styles.link} href="/realtime">
        Back to the console
      </a>
    </div>
  );
}
