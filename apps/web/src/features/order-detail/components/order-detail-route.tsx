import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { defaultOrderDetailTab, formatOrderReference, isCommentUnread, type User } from '@waybill/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BackendUnreachableBanner } from '../../../components/backend-unreachable/backend-unreachable-banner.js';
import { Button } from '../../../components/button/button.js';
import {
  neighbours,
  requestListReturn,
  takeListReturn,
  useOrderQueue,
} from '../../../components/comments/order-sequence.js';
import { useMarkSeen } from '../../../components/comments/use-mark-seen.js';
import { DetailLayer } from '../../../components/detail-layer/detail-layer-view.js';
import { LivePausedBanner } from '../../../components/live-paused/live-paused-banner.js';
import { Modal } from '../../../components/modal/modal.js';
import { SkeletonRows } from '../../../components/skeleton/skeleton-rows.js';
import { useDrafts } from '../../../hooks/use-drafts.js';
import { useLiveOrder } from '../../../hooks/use-live-order.js';
import { useNow } from '../../../hooks/use-now.js';
import { useAnnouncePresence } from '../../../hooks/use-presence.js';
import { useCurrentUser, useReferenceData } from '../../../hooks/use-reference-data.js';
import { useTypingWindow } from '../../../hooks/use-typing-window.js';
import { asText } from '../../../lib/drafts.js';
import { errorMessage } from '../../../lib/errors.js';
import { useTimeMode } from '../../../lib/time-mode.js';
import { useTRPC } from '../../../lib/trpc.js';
import { useQueueNeighbours } from '../api/use-queue-neighbours.js';
import { useAdvancedCommentUser } from '../lib/advanced-users.js';
import { type EditorRequest, nextEditorRequest } from '../lib/editor-request.js';
import styles from './order-detail.module.css';
import { type DetailData, OrderDetailView } from './order-detail-view.js';
import { useDetailShortcuts } from './use-detail-shortcuts.js';

export const orderDetailHref = (uid: string) => `/realtime/order?uid=${encodeURIComponent(uid)}&cached=true`;

/**
 * /realtime/order?uid=…(&newComment, hasUnread, cached): the order detail as an overlay over the
 * mounted list, below the app header, which stays usable (see DetailLayer). Unread comments are
 * marked seen on entry; unsaved comment text blocks navigation. The text is kept as a draft in the
 * browser, so a reload brings it back (the editor opens with it) instead of asking first.
 */
export function OrderDetailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uid = params.get('uid')?.trim() || null;
  const newComment = params.get('newComment') === 'true';
  const hasUnread = params.get('hasUnread') === 'true';
  const tabParam = params.get('tab');
  // Set by the list's 'Add comment' and c key (and the palette's Escalate): the user asked to write,
  // so the editor takes the focus. Each navigation is a new ask, also to the order already open.
  const location = useLocation();
  const compose = (location.state as { compose?: unknown } | null)?.compose;
  const composeRequest =
    compose === 'comment' || compose === 'escalate'
      ? { kind: compose as EditorRequest['kind'], key: location.key }
      : null;
  const { query: detail, pause, isRetryingOutage } = useLiveOrder(uid);
  const me = useCurrentUser();
  const user = (me.data?.user ?? null) as (User & { email?: string | null }) | null;
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const drafts = useDrafts();
  // A comment typed before a reload (or a crash) opens the editor again, with its text.
  const hasDraft = useMemo(() => (uid ? drafts.read('comment', uid, asText) !== null : false), [drafts, uid]);
  const [dirty, setDirty] = useState(false);
  // Colleagues see this tab on the order, and 'typing' while keys are pressed in its comment editor.
  const typingWindow = useTypingWindow();
  const stopTyping = typingWindow.stop;
  useEffect(() => stopTyping, [uid, stopTyping]);
  useAnnouncePresence(uid, typingWindow.typing);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  // Closing the tab or reloading with unsaved text asks too, where the browser cannot keep the draft.
  const keptInBrowser = drafts.available;
  useEffect(() => {
    if (!dirty || keptInBrowser) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, keptInBrowser]);

  // Closing returns to the exact list the user came from: its URL (filters, status group), its
  // scroll position and the row of the order shown last, which gets the focus.
  const queue = useOrderQueue();
  const origin = useRef<{ href: string; scrollY: number } | null>(null);
  origin.current ??= { href: queue.listHref, scrollY: window.scrollY };
  const close = useCallback(() => {
    const from = origin.current ?? { href: '/realtime', scrollY: 0 };
    // The address, not the last render: right after an arrow the URL names the next order while
    // its render may still be on its way.
    const shown = new URLSearchParams(window.location.search).get('uid')?.trim() || null;
    requestListReturn({ scrollY: from.scrollY, uid: shown });
    navigate(from.href);
  }, [navigate]);
  const around = useQueueNeighbours(uid);
  // j/k walk every order of the list, not only those with comments as the arrows do. Here, not in
  // the loaded detail, and from the address, not the last render: keys pressed quickly, while the
  // next order is still on its way, each go one order further.
  const step = (direction: 'previous' | 'next') => {
    const shown = new URLSearchParams(window.location.search).get('uid')?.trim() || null;
    if (!shown) return;
    const to = neighbours(
      queue.entries.map((e) => e.uid),
      shown,
    )[direction];
    if (to) navigate(orderDetailHref(to));
  };
  useDetailShortcuts({ onNext: () => step('next'), onPrevious: () => step('previous') });
  // Staying on the detail: the list must not jump on some later visit.
  const keepWriting = () => {
    takeListReturn();
    blocker.reset?.();
  };

  return (
    <DetailLayer
      open
      onClose={close}
      className={styles.dialog}
      testId="order-detail"
      label={detail.data ? `Order ${formatOrderReference(detail.data.order.reference)}` : undefined}
      // The list focuses the row itself on return (the element that opened the detail may be gone).
      onCloseAutoFocus={(event) => event.preventDefault()}
      beside={
        blocker.state === 'blocked' ? (
          <Modal
            open
            title="Discard your comment?"
            onClose={keepWriting}
            testId="discard-comment"
            footer={
              <div className={styles.modalButtons}>
                <Button variant="primary" onClick={keepWriting}>
                  Keep writing
                </Button>
                <Button
                  variant="danger"
                  onClick={() => {
                    if (uid) drafts.clear('comment', uid);
                    blocker.proceed?.();
                  }}
                >
                  Discard and leave
                </Button>
              </div>
            }
          >
            <p>Your comment has not been saved yet. Leaving now throws its text away.</p>
          </Modal>
        ) : null
      }
    >
      {!uid ? (
        <Problem text="No order was chosen." onClose={close} />
      ) : detail.data ? (
        <>
          {pause ? (
            <div className={styles.liveNotice}>
              <LivePausedBanner dataAt={pause.dataAt} />
            </div>
          ) : null}
          <Loaded
            key={uid}
            detail={detail.data}
            user={user}
            initialTab={tabParam}
            newComment={newComment || hasDraft}
            hasUnread={hasUnread}
            previousHref={around.previous ? orderDetailHref(around.previous) : null}
            nextHref={around.next ? orderDetailHref(around.next) : null}
            composeRequest={composeRequest}
            onTyped={typingWindow.keyPressed}
            onCommentDone={stopTyping}
            onNavigate={(href) => navigate(href)}
            onChanged={() => void queryClient.invalidateQueries(trpc.orders.detail.queryFilter({ uid }))}
            onDirtyChange={setDirty}
            onClose={close}
          />
        </>
      ) : detail.isError ? (
        <Problem
          text={`This order could not be loaded. ${errorMessage(detail.error)}`}
          onClose={close}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <div className={styles.loading}>
          <Dialog.Title className="visually-hidden">Loading order</Dialog.Title>
          {/* Opened while the server is out of reach: it fills in by itself once it answers. */}
          {isRetryingOutage ? <BackendUnreachableBanner /> : null}
          <SkeletonRows rows={6} height={56} />
        </div>
      )}
    </DetailLayer>
  );
}

function Problem({ text, onClose, onRetry }: { text: string; onClose: () => void; onRetry?: () => void }) {
  return (
    <div className={styles.loading} role="alert">
      <Dialog.Title className={styles.problemTitle}>Order unavailable</Dialog.Title>
      <p>{text}</p>
      <div className={styles.modalButtons}>
        {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}

interface LoadedProps {
  detail: DetailData;
  user: (User & { email?: string | null }) | null;
  initialTab: string | null;
  newComment: boolean;
  hasUnread: boolean;
  previousHref: string | null;
  nextHref: string | null;
  /** Opened to write a comment or escalate (`key` tells one ask from the next): the editor takes the focus. */
  composeRequest: { kind: EditorRequest['kind']; key: string } | null;
  onTyped: () => void;
  /** The comment was saved or cancelled: typing ends at once. */
  onCommentDone: () => void;
  onNavigate: (href: string) => void;
  onChanged: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onClose: () => void;
}

function Loaded(props: LoadedProps) {
  const { detail, user } = props;
  const reference = useReferenceData();
  const { mode } = useTimeMode();
  const now = useNow(30_000);
  const markSeen = useMarkSeen();
  const userUid = user?.uid ?? null;

  // Default tab: comments when asked to write or read, else the status rule (history when done).
  const [tab, setTab] = useState<string>(() => {
    if (props.initialTab) return props.initialTab;
    if (props.newComment || props.hasUnread) return 'comments';
    return defaultOrderDetailTab(detail.order.aggregated_status.key);
  });
  // Open at once for an order without comments, but the focus stays put until the user asks to write.
  const [editorOpen, setEditorOpen] = useState(props.newComment || detail.comments.length === 0);
  const [editorRequest, setEditorRequest] = useState<EditorRequest | null>(null);
  const requestEditor = useCallback((kind: EditorRequest['kind']) => {
    setTab('comments');
    setEditorOpen(true);
    setEditorRequest((previous) => nextEditorRequest(previous, kind));
  }, []);
  const { onCommentDone } = props;
  const openEditor = useCallback(
    (open: boolean) => {
      setEditorOpen(open);
      if (open) return;
      setEditorRequest(null);
      onCommentDone();
    },
    [onCommentDone],
  );
  const composeKind = props.composeRequest?.kind;
  const composeKey = props.composeRequest?.key;
  useEffect(() => {
    if (composeKind && composeKey) requestEditor(composeKind);
  }, [composeKind, composeKey, requestEditor]);
  const [menuRequest, setMenuRequest] = useState(0);
  useDetailShortcuts({
    onStatusMenu: () => setMenuRequest((n) => n + 1),
    onEscalate: () => requestEditor('escalate'),
    onComment: () => requestEditor('comment'),
  });

  // Unread on entry: marked seen at once, shown as 'New' while the detail stays open.
  const [unreadOnEntry] = useState<ReadonlySet<string>>(
    () =>
      new Set(userUid ? detail.comments.filter((c) => isCommentUnread(c, userUid)).map((c) => c.uid) : []),
  );
  useEffect(() => {
    if (unreadOnEntry.size > 0) markSeen([...unreadOnEntry]);
  }, [unreadOnEntry, markSeen]);

  const advanced = useAdvancedCommentUser();
  return (
    <OrderDetailView
      detail={detail}
      reference={reference}
      timeMode={mode}
      now={now}
      tab={tab}
      onTab={setTab}
      userUid={userUid}
      unreadOnEntry={unreadOnEntry}
      advanced={advanced}
      editorOpen={editorOpen}
      onEditorOpen={openEditor}
      editorRequest={editorRequest}
      onEditorRequest={requestEditor}
      onTyped={props.onTyped}
      menuRequest={menuRequest}
      previousHref={props.previousHref}
      nextHref={props.nextHref}
      onNavigate={props.onNavigate}
      onChanged={props.onChanged}
      onDirtyChange={props.onDirtyChange}
      onClose={props.onClose}
    />
  );
}
