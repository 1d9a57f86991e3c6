import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { BackendUnreachableBanner } from '../../components/backend-unreachable/backend-unreachable-banner.js';
import { CommandPalette } from '../../components/command-palette/command-palette.js';
import { ConnectionBanner } from '../../components/connection-banner/connection-banner.js';
import { HoldsProvider } from '../../components/holds/index.js';
import { AppFooter } from '../../components/layout/app-footer.js';
import { Header } from '../../components/layout/header.js';
import { PopupLayer, usePopupLayerElement } from '../../components/popup-layer/popup-layer.js';
import { SkeletonRows } from '../../components/skeleton/skeleton-rows.js';
import { loginPath, SESSION_ENDED, useLogout, useSession } from '../../features/auth/index.js';
import { PresenceProvider } from '../../features/presence/index.js';
import { BulkJobsProvider } from '../../hooks/use-bulk-jobs.js';
import { DraftsProvider } from '../../hooks/use-drafts.js';
import { ExportJobsProvider } from '../../hooks/use-export-jobs.js';
import { LIVE_ANSWER_TIMEOUT_MS } from '../../hooks/use-live-list.js';
import { useCurrentUser, useReferenceQueries } from '../../hooks/use-reference-data.js';
import { useSlowAfter } from '../../hooks/use-slow-after.js';
import { errorCode } from '../../lib/errors.js';
import { useTRPC } from '../../lib/trpc.js';
import { BackendUnavailable } from './backend-unavailable.js';
import styles from './protected-layout.module.css';

// Shown only once an export or bulk job exists: its code stays out of the first screen's JavaScript.
const ExportTray = lazy(async () => ({
  default: (await import('../../components/export-tray/export-tray.js')).ExportTray,
}));
// The bell, its popover and its list load just after the first screen: they stay out of its
// JavaScript, and a bell-sized space holds their place in the header meanwhile.
const NotificationCentre = lazy(async () => ({
  default: (await import('../../features/notifications/index.js')).NotificationCentre,
}));

/**
 * The signed-in area: checks the session (→ /login), loads the user, then the reference data in the
 * startup order (organizations, selling channels, fulfillment centers), then shows the focused tab.
 */
export function ProtectedLayout() {
  const trpc = useTRPC();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const me = useCurrentUser();
  const reference = useReferenceQueries(signedIn && me.isSuccess);
  const { logout } = useLogout();
  // Signed out while here, not by this tab's own Log out: the sign-in page says the session ended.
  const wasSignedIn = useRef(false);
  const loggingOut = useRef(false);
  if (signedIn) wasSignedIn.current = true;
  const endedHere = wasSignedIn.current && !loggingOut.current ? SESSION_ENDED : undefined;
  const logOut = useCallback(() => {
    loggingOut.current = true;
    logout();
  }, [logout]);
  const state = new URLSearchParams(location.search).get('state');
  // A deep link (/inbounds, an order detail) comes back here after sign-in.
  const asked = `${location.pathname}${location.search}${location.hash}`;

  // Only the gateway saying the session ended (UNAUTHORIZED) signs the user out: the session is
  // ended here too (with the cookie still valid, /login would send them straight back). Any other
  // failure (backend down, a timeout, a gateway restarting) keeps them signed in, retrying.
  const queryClient = useQueryClient();
  const endSession = useMutation(trpc.auth.logout.mutationOptions());
  const ending = useRef(false);
  const [mainElement, setMainElement] = usePopupLayerElement();
  const userFailed = me.isError || reference.users.isError;
  const failure = me.error ?? reference.users.error;
  const sessionEnded = userFailed && errorCode(failure) === 'UNAUTHORIZED';
  useEffect(() => {
    if (!signedIn || !sessionEnded || ending.current) return;
    ending.current = true;
    endSession.mutate(undefined, {
      onSettled: () => {
        queryClient.clear();
        navigate(loginPath(state, asked), { replace: true, state: SESSION_ENDED });
      },
    });
  }, [signedIn, sessionEnded, navigate, state, asked, endSession, queryClient]);
  // A failed first load blocks the console; a failed refresh of loaded data leaves it on screen.
  const meMissing = me.isLoadingError;
  const usersMissing = reference.users.isLoadingError;
  const { refetch: refetchSession } = session;
  const { refetch: refetchMe } = me;
  const { refetch: refetchUsers } = reference.users;
  const retrySession = useCallback(() => void refetchSession(), [refetchSession]);
  const retryUser = useCallback(() => {
    if (meMissing) void refetchMe();
    if (usersMissing) void refetchUsers();
  }, [meMissing, usersMissing, refetchMe, refetchUsers]);

  const ready =
    me.isSuccess &&
    !reference.organizations.isPending &&
    !reference.sellingChannels.isPending &&
    !reference.fulfillmentCenters.isPending;
  // The screen's first render is a pass React can interrupt: on a slow tablet it is a long task, and
  // the placeholder rows stay until it is done.
  const screenReady = useDeferredValue(ready);
  // Who the user is and the reference lists wait on the backend: past the lists' own bar, say so
  // over the placeholder rows rather than leave them to look like a page still drawing.
  const slowStart = useSlowAfter(signedIn && !ready, LIVE_ANSWER_TIMEOUT_MS);

  if (session.isPending) return <ShellSkeleton />;
  // auth.session answers "nobody" for an ended session: its failure is always the server's trouble.
  if (session.isLoadingError) return <BackendUnavailable error={session.error} retry={retrySession} />;
  if (!signedIn) return <Navigate to={loginPath(state, asked)} replace state={endedHere} />;
  if (!sessionEnded && (meMissing || usersMissing))
    return <BackendUnavailable error={failure} retry={retryUser} />;

  const user = me.data?.user ?? session.data?.user ?? null;

  return (
    // What the user types and has not saved is kept in the browser under their id.
    <DraftsProvider userId={user?.uid ?? null}>
      {/* Exports outlive their modal and the screen they started on (the tray in the header). */}
      <ExportJobsProvider>
        {/* Bulk actions run on the gateway; the tray lists them, and re-attaches after a reload. */}
        <BulkJobsProvider>
          {/* Who else has an order open: one presence.watch for the list rows and the detail. */}
          <PresenceProvider>
            {/* Who holds which order: one holds.live for the rows, the detail and the Mine view. */}
            <HoldsProvider>
              <div className={styles.shell}>
                <Header
                  user={user}
                  onLogout={logOut}
                  tools={
                    <>
                      <Suspense fallback={<span className={styles.bellSpace} aria-hidden />}>
                        <NotificationCentre />
                      </Suspense>
                      <Suspense fallback={null}>
                        <ExportTray />
                      </Suspense>
                    </>
                  }
                />
                {/* Over everything, outside main (which an open detail makes inert). */}
                <ConnectionBanner />
                <main className={styles.main} ref={setMainElement}>
                  <PopupLayer element={mainElement}>
                    {ready && screenReady ? (
                      <Outlet />
                    ) : (
                      <>
                        {slowStart ? <BackendUnreachableBanner /> : null}
                        <SkeletonRows rows={10} />
                      </>
                    )}
                  </PopupLayer>
                </main>
                <AppFooter gateway={session.data?.gateway} />
                {/* Ctrl+K (⌘K) from every screen. */}
                {ready ? <CommandPalette /> : null}
              </div>
            </HoldsProvider>
          </PresenceProvider>
        </BulkJobsProvider>
      </ExportJobsProvider>
    </DraftsProvider>
  );
}

function ShellSkeleton() {
  return (
    <div className={styles.shell} aria-busy="true">
      {/* The bar index.html paints before the JavaScript runs (its global classes). */}
      <div className="boot-header">
        <span className="boot-logo" aria-hidden>
          W
        </span>
      </div>
      <main className={styles.main}>
        <SkeletonRows rows={10} />
      </main>
    </div>
  );
}
