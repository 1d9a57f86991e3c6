import { useMutation, useQuery } from '@tanstack/react-query';
import { httpAddress } from '@waybill/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner/spinner.js';
import { errorCode, errorMessage } from '../../../lib/errors.js';
import { useTRPC } from '../../../lib/trpc.js';
import styles from './login-page.module.css';

/** The platform's query string as it came: its hmac covers every key, so nothing is added or dropped. */
function platformQuery(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

const FAILED = 'The store could not be connected. Start the installation again from your shop.';

/** A refused install (the platform's answer did not check out) reads as such; an outage as one. */
const installProblem = (error: unknown) =>
  errorCode(error) === 'BAD_REQUEST' ? FAILED : errorMessage(error, FAILED);

function InstallPage({ problem, busy }: { problem: string | null; busy: string }) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-live="polite">
        {problem ? (
          <>
            <h1 className={styles.title}>Store not connected</h1>
            <p className={styles.error} role="alert">
              {problem}
            </p>
            <p className={styles.footer}>
              <Link to="/realtime">Go to the console</Link>
            </p>
          </>
        ) : (
          <>
            <Spinner label={busy} size={28} />
            <p className={styles.subtitle}>{busy}…</p>
          </>
        )}
      </section>
    </main>
  );
}

/** /shopify/authorize: the app's address in the shop platform; goes on to the platform's install page. */
export function ShopifyAuthorize() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const authorize = useQuery({
    ...trpc.auth.shopifyAuthorize.queryOptions({ query: platformQuery(params) }),
    retry: false,
  });
  const installUrl = authorize.data?.install_url;
  const target = httpAddress(installUrl);
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
  const problem = authorize.isError
    ? installProblem(authorize.error)
    : installUrl !== undefined && !target
      ? FAILED
      : null;
  return <InstallPage problem={problem} busy="Opening your shop's install page" />;
}

/**
 * /shopify/callback: where the platform comes back after the install. The backend turns its answer
 * into a login state, and /realtime opens with it (through /login when signed out, which keeps it).
 */
export function ShopifyCallback() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const generate = useMutation(trpc.auth.shopifyGenerateToken.mutationOptions());
  useEffect(() => {
    // Strict mode runs effects twice; the platform's code can be used only once.
    if (started.current) return;
    started.current = true;
    generate
      .mutateAsync({ query: platformQuery(params) })
      .then(({ login_state_uid }) =>
        navigate(`/realtime?state=${encodeURIComponent(login_state_uid)}`, { replace: true }),
      )
      .catch((error: unknown) => setProblem(installProblem(error)));
  }, [params, generate, navigate]);
  return <InstallPage problem={problem} busy="Connecting your store" />;
}
