import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  tabOutOfDetail,
  useFocusOnArrival,
  useInertList,
} from '../../../components/detail-layer/detail-layer.js';
import { SkeletonRows } from '../../../components/index.js';
import { useNow } from '../../../hooks/use-now.js';
import { useScrollLock } from '../../../hooks/use-scroll-lock.js';
import { useInboundDetail } from '../api/use-inbound-detail.js';
import { useInboundReference } from '../api/use-reference.js';
import { InboundDetail } from './inbound-detail.js';
import styles from './inbound-detail.module.css';

function rowLink(uid: string): HTMLElement | null {
  const row = document.querySelector(`[data-testid="inbound-row"][data-uid="${CSS.escape(uid)}"]`);
  return row?.querySelector<HTMLElement>('a[href]') ?? null;
}

/**
 * /inbounds/inbound?uid=…(&cached=true): the detail as an overlay. The router nests it under the list
 * route, so the list stays mounted underneath with its filter and rows; a failed load closes the popup.
 * It opens below the app header, which stays usable with it (see useInertList).
 */
export function InboundDetailPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const uid = params.get('uid')?.trim() || null;
  const tab = params.get('tab') ?? 'products';
  const reference = useInboundReference();
  const now = useNow();
  const detail = useInboundDetail(uid);
  useScrollLock(true);
  useInertList();
  const content = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useFocusOnArrival(content, location.key);

  const close = () => navigate('/inbounds');
  const failed = !uid || detail.isError;
  useEffect(() => {
    if (failed) navigate('/inbounds', { replace: true });
  }, [failed, navigate]);

  return (
    <Dialog.Root
      open={!failed}
      modal={false}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <Dialog.Portal>
        <div ref={overlay} className={styles.overlay} aria-hidden />
        <Dialog.Content
          ref={content}
          className={styles.dialog}
          aria-describedby={undefined}
          data-testid="inbound-detail"
          onCloseAutoFocus={(event) => {
            // The overlay opens from a route, so Radix has no trigger to return to: focus goes back
            // to the row's link it was opened from, when that row is on screen.
            const link = uid ? rowLink(uid) : null;
            if (!link) return;
            event.preventDefault();
            link.focus();
          }}
          onKeyDown={tabOutOfDetail}
          // Only a click on the dimmed list closes it: the header and its popups are in use with it.
          onInteractOutside={(event) => {
            if (event.target !== overlay.current) event.preventDefault();
          }}
        >
          {detail.data ? (
            <InboundDetail
              detail={detail.data}
              reference={reference}
              tab={tab}
              now={now}
              onClose={close}
              onTab={(next) => {
                const nextParams = new URLSearchParams(params);
                if (next === 'products') nextParams.delete('tab');
                else nextParams.set('tab', next);
                setParams(nextParams, { replace: true });
              }}
            />
          ) : (
            <div className={styles.loading}>
              <Dialog.Title className="visually-hidden">Loading inbound</Dialog.Title>
              <SkeletonRows rows={6} height={72} />
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
