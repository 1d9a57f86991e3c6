import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackendUnreachableBanner } from '../../../components/backend-unreachable/backend-unreachable-banner.js';
import { DetailLayer } from '../../../components/detail-layer/detail-layer-view.js';
import { SkeletonRows } from '../../../components/index.js';
import { useNow } from '../../../hooks/use-now.js';
import { isOutageError } from '../../../lib/outage.js';
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
 * It opens below the app header, which stays usable with it (see DetailLayer).
 */
export function InboundDetailPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const uid = params.get('uid')?.trim() || null;
  const tab = params.get('tab') ?? 'products';
  const reference = useInboundReference();
  const now = useNow();
  const detail = useInboundDetail(uid);

  const close = () => navigate('/inbounds');
  const failed = !uid || detail.isError;
  useEffect(() => {
    if (failed) navigate('/inbounds', { replace: true });
  }, [failed, navigate]);

  return (
    <DetailLayer
      open={!failed}
      onClose={close}
      className={styles.dialog}
      testId="inbound-detail"
      onCloseAutoFocus={(event) => {
        // Focus goes back to the row's link it was opened from, when that row is on screen.
        const link = uid ? rowLink(uid) : null;
        if (!link) return;
        event.preventDefault();
        link.focus();
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
          {/* Opened while the server is out of reach: it fills in by itself once it answers. */}
          {detail.failureCount > 0 && isOutageError(detail.failureReason) ? (
            <BackendUnreachableBanner />
          ) : null}
          <SkeletonRows rows={6} height={72} />
        </div>
      )}
    </DetailLayer>
  );
}
