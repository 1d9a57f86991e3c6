import { useMutation, useQueryClient } from '@tanstack/react-query';
import { googleCallbackInputSchema } from '@waybill/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner/spinner.js';
import { errorCode, errorMessage } from '../../../lib/errors.js';
import { useTRPC } from '../../../lib/trpc.js';
import { afterLoginPath, takeReturnPath } from '../lib/state.js';
import styles from './login-page.module.css';

/**
 * /login/callback/google: hands the query string to the gateway, which checks its state against the
 * browser's sign-in cookie, verifies it and sets the session.
 */
export function GoogleCallback() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const callback = useMutation(trpc.auth.googleCallback.mutationOptions());

  useEffect(() => {
    // Strict mode runs effects twice; an authorization code can be redeemed only once.
    if (started.current) return;
    started.current = true;
    const raw: Record<string, string> = {};
    for (const key of ['code', 'state', 'scope']) {
      const value = params.get(key);
      if (value !== null) raw[key] = value;
    }
    const googleError = params.get('error');
    if (googleError) {
      // Google's error code is for the log, not the screen: a cancel reads as one, anything else alike.
      setProblem(
        googleError === 'access_denied'
          ? 'Google sign-in was cancelled. Please sign in again.'
          : 'Google sign-in was not completed. Please sign in again.',
      );
      return;
    }
    const parsed = googleCallbackInputSchema.safeParse(raw);
    if (!parsed.success) {
      setProblem('The sign-in link is missing its authorization code. Please sign in again.');
      return;
    }
    callback
      .mutateAsync(parsed.data)
      .then((answer) => {
        queryClient.clear();
        // The URL's state also carries the gateway's sign-in nonce; the install state comes back clean.
        navigate(afterLoginPath(answer.state, takeReturnPath()), { replace: true });
      })
      .catch((error: unknown) =>
        setProblem(
          // The gateway refuses a sign-in this browser did not start, or one that expired or was used.
          errorCode(error) === 'FORBIDDEN'
            ? 'This sign-in link is no longer valid in this browser. Please sign in again.'
            : errorCode(error) === 'UNAUTHORIZED'
              ? 'Google sign-in failed. Please sign in again.'
              : errorMessage(error, 'Google sign-in failed.'),
        ),
      );
  }, [params, callback, navigate, queryClient]);

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-live="polite">
        {problem ? (
          <>
            <h1 className={styles.title}>Sign-in failed</h1>
            <p className={styles.error} role="alert">
              {problem}
            </p>
            <p className={styles.footer}>
              <Link to="/login">Back to sign-in</Link>
            </p>
          </>
        ) : (
          <>
            <Spinner label="Signing you in" size={28} />
            <p className={styles.subtitle}>Signing you in…</p>
          </>
        )}
      </section>
    </main>
  );
}
