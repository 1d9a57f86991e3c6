import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passwordLoginInputSchema } from '@waybill/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button.js';
import { Spinner } from '../../../components/spinner/spinner.js';
import { browser } from '../../../lib/browser.js';
import { ERROR_TEXT, errorMessage } from '../../../lib/errors.js';
import { useTRPC } from '../../../lib/trpc.js';
import { useSession } from '../hooks/use-session.js';
import { signInRefusal } from '../lib/sign-in-refusal.js';
import {
  afterLoginPath,
  cameForEndedSession,
  forwardableState,
  GOOGLE_CALLBACK_PATH,
  RETURN_PARAM,
  rememberReturnPath,
} from '../lib/state.js';
import styles from './login-page.module.css';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Sign-in: Google for everyone; e-mail and password only where the gateway turns them on. */
export function LoginPage() {
  const [params] = useSearchParams();
  const sessionEnded = cameForEndedSession(useLocation().state);
  const state = params.get('state');
  // The page asked for before sign-in (checked by afterLoginPath: same-origin paths only).
  const next = params.get(RETURN_PARAM);
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const formId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [googleError, setGoogleError] = useState<string | null>(null);
  const [googlePending, setGooglePending] = useState(false);

  const login = useMutation(
    trpc.auth.passwordLogin.mutationOptions({
      onSuccess: async () => {
        // A new identity: drop everything cached for the previous one.
        queryClient.clear();
        navigate(afterLoginPath(state, next), { replace: true });
      },
    }),
  );

  if (session.isPending) {
    return (
      <main className={styles.page}>
        <Spinner label="Checking your session" />
      </main>
    );
  }
  if (session.data?.user) return <Navigate to={afterLoginPath(state, next)} replace />;

  const passwordOn = session.data?.methods.password === true;
  const hasError = login.isError || Object.keys(fieldErrors).length > 0;

  const onGoogle = async () => {
    setGoogleError(null);
    setGooglePending(true);
    try {
      const forwarded = forwardableState(state);
      // Google sends the browser back to this very console, whatever address it was opened on.
      const redirectUri = `${window.location.origin}${GOOGLE_CALLBACK_PATH}`;
      // Never a cached link: each one carries a single-use state bound to this browser by a cookie.
      const link = await queryClient.fetchQuery(
        trpc.auth.googleAuthorizationLink.queryOptions(
          forwarded ? { state: forwarded, redirectUri } : { redirectUri },
          { staleTime: 0 },
        ),
      );
      rememberReturnPath(next);
      browser.assign(link.authorization_url);
    } catch (error) {
      setGoogleError(errorMessage(error, 'Google sign-in is not available right now.'));
      setGooglePending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const forwarded = forwardableState(state);
    const parsed = passwordLoginInputSchema.safeParse({
      email,
      password,
      ...(forwarded ? { state: forwarded } : {}),
    });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      // The last attempt's refusal was about other input: only what is wrong now stays on screen.
      login.reset();
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data);
  };

  const serverError = login.isError ? signInRefusal(login.error) : null;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby={`${formId}-title`}>
        <div className={styles.brand} aria-hidden>
          W
        </div>
        <h1 id={`${formId}-title`} className={styles.title}>
          Welcome to Waybill
        </h1>
        <p className={styles.subtitle}>Sign in to the operations console to follow orders live.</p>
        {sessionEnded && !login.isError ? (
          <p className={styles.notice} role="status">
            {ERROR_TEXT.session}
          </p>
        ) : null}

        <Button
          variant="secondary"
          fullWidth
          onClick={onGoogle}
          loading={googlePending}
          className={styles.google}
        >
          <GoogleMark />
          Sign in with Google
        </Button>
        {googleError ? (
          <p className={styles.error} role="alert">
            {googleError}
          </p>
        ) : null}

        {passwordOn ? (
          <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Account sign-in">
            <div className={styles.divider}>
              <span>or</span>
            </div>
            <label className={styles.field}>
              <span>E-mail</span>
              <input
                type="email"
                name="email"
                autoComplete="username"
                value={email}
                aria-invalid={hasError || undefined}
                aria-describedby={fieldErrors.email ? `${formId}-email` : undefined}
                onChange={(e) => setEmail(e.target.value)}
              />
              {fieldErrors.email ? (
                <span id={`${formId}-email`} className={styles.fieldError}>
                  {fieldErrors.email}
                </span>
              ) : null}
            </label>
            <label className={styles.field}>
              <span>Password</span>
              <input
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                aria-invalid={hasError || undefined}
                aria-describedby={fieldErrors.password ? `${formId}-password` : undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
              {fieldErrors.password ? (
                <span id={`${formId}-password`} className={styles.fieldError}>
                  {fieldErrors.password}
                </span>
              ) : null}
            </label>
            {serverError ? (
              <p className={styles.error} role="alert">
                {serverError}
              </p>
            ) : null}
            <Button type="submit" variant="primary" fullWidth loading={login.isPending}>
              CONTINUE
            </Button>
          </form>
        ) : null}
        {session.isError ? (
          <p className={styles.error} role="alert">
            {errorMessage(session.error, 'The console could not reach the server.')}
          </p>
        ) : null}

        <p className={styles.footer}>
          By continuing with the sign-up process, you agree to our Privacy Policy.
        </p>
      </section>
    </main>
  );
}

function GoogleMark() {
  return (
    <svg width="16" height="16" viewBox="0 0 48 48" aria-hidden focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
