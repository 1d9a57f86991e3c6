import { isRouteErrorResponse, useRouteError } from 'react-router';
import styles from './route-error.module.css';

/** Route errorElement: unexpected routing errors show 'Unexpected Application Error!'. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
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
