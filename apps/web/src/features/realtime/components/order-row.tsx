import {
  type Comment,
  currentLabel,
  type Department,
  type FulfillmentCenter,
  formatOrderReference,
  isProviderManaged,
  type Order,
  type OrderCommentCounts,
  orderRowColour,
  orderStatusLabel,
  PAYOUT_PROVIDER_HELD,
  paymentBadge,
  type SellingChannel,
  sellingChannelName,
  shortenLongText,
  warehouseCode,
} from '@waybill/contracts';
import { ExternalLink, FileText, TriangleAlert } from 'lucide-react';
import { memo } from 'react';
import { CommentOverview } from '../../../components/comments/comment-overview.js';
import { CopyButton } from '../../../components/copy-button/copy-button.js';
import { HoldAvatar } from '../../../components/holds/index.js';
import { LabelLink } from '../../../components/label-link/label-link.js';
import { PresenceMarker } from '../../../components/presence/presence-marker.js';
import { TruncatedText } from '../../../components/truncated-text/truncated-text.js';
import { formatZoned } from '../../../lib/format-date.js';
import { colourVar, tintVar } from '../../../lib/priority-colour.js';
import type { TimeMode } from '../../../lib/time-mode.js';
import { platformName } from '../lib/filter-options.js';
import { courierCell, rowDetailHref } from '../lib/order-row.js';
import { RowCheckbox } from './bulk/selection.js';
import { type OrderAction, OrderOptionsMenu } from './order-options-menu.js';
import styles from './orders-table.module.css';

export interface OrderRowContext {
  sellingChannels: ReadonlyMap<string, SellingChannel>;
  fulfillmentCenters: ReadonlyMap<string, FulfillmentCenter>;
  timeMode: TimeMode;
  userUid: string | null;
  department: Department | null;
  now: Date;
  onAction: (action: OrderAction, order: Order) => void;
}

export interface OrderRowProps {
  order: Order;
  comments: readonly Comment[] | undefined;
  /** The list's counts over the order's whole thread. */
  commentCounts?: OrderCommentCounts | undefined;
  ctx: OrderRowContext;
  index: number;
  style?: React.CSSProperties;
}

const PLATFORM_COLOURS: Record<string, string> = {
  shopify: '#5e8e3e',
  magento2: '#ee672f',
  woocommerce: '#7f54b3',
  gomag_ro: '#0b7bd6',
  easysales_ro: '#f6a609',
  standard_api_v1: '#475467',
  blugento_ro: '#2e90fa',
};

const PAYOUT_STEPS = ['collected', PAYOUT_PROVIDER_HELD, 'at_merchant'] as const;
const PAYOUT_LABELS: Record<string, string> = {
  collected: 'Collected',
  [PAYOUT_PROVIDER_HELD]: 'At Waybill',
  at_merchant: 'At Merchant',
  not_applicable: 'Not applicable',
};

/** One order row: fixed height so the virtualised list never jumps. */
export const OrderRow = memo(function OrderRow({
  order,
  comments,
  commentCounts,
  ctx,
  index,
  style,
}: OrderRowProps) {
  const colour = orderRowColour(order.display_priority);
  const channel = ctx.sellingChannels.get(order.selling_channel_uid);
  const warehouse = order.fulfillment_center_uid
    ? ctx.fulfillmentCenters.get(order.fulfillment_center_uid)
    : undefined;
  const code = warehouseCode(order);
  const courier = courierCell(order);
  const label = currentLabel(order);
  const status = order.aggregated_status;

  return (
    <tr
      aria-rowindex={index + 2}
      className={styles.row}
      data-testid="order-row"
      data-uid={order.uid}
      // Focusable from script: closing the detail puts the focus back on its row.
      tabIndex={-1}
      data-priority={order.display_priority}
      data-colour={colour}
      style={{
        ...style,
        ['--row-colour' as string]: colourVar(colour),
        ['--row-tint' as string]: tintVar(colour),
      }}
    >
      <td className={styles.cellTick}>
        <RowCheckbox uid={order.uid} reference={formatOrderReference(order.reference)} />
      </td>

      <td className={styles.cellLogo}>
        <span
          className={styles.platform}
          style={{ background: PLATFORM_COLOURS[channel?.kind ?? ''] ?? 'var(--color-gray)' }}
          title={channel ? `${platformName(channel.kind)}: ${sellingChannelName(channel)}` : 'Unknown'}
          role="img"
          aria-label={channel ? platformName(channel.kind) : 'Unknown platform'}
        >
          {(channel ? platformName(channel.kind) : '?').charAt(0)}
        </span>
      </td>

      <td className={styles.cellStack}>
        <CopyButton
          value={order.reference}
          label={`Copy order reference ${order.reference ?? ''}`}
          className={styles.reference}
        >
          {formatOrderReference(order.reference)}
        </CopyButton>
        <span className={styles.sub}>
          <HoldAvatar orderUid={order.uid} />
          <PresenceMarker orderUid={order.uid} />
          {code ? (
            <CopyButton value={code} label={`Copy warehouse code ${code}`} className={styles.code}>
              {code}
            </CopyButton>
          ) : (
            <span className={styles.muted}>No warehouse code</span>
          )}
          <TruncatedText text={sellingChannelName(channel)} className={styles.muted} />
        </span>
      </td>

      <td className={styles.cellStack}>
        <span>
          {formatZoned(order.external_app_dates.created_at, ctx.timeMode, warehouse?.timezone, 'dd MMM yyyy')}
        </span>
        <span className={styles.sub}>
          {formatZoned(order.external_app_dates.created_at, ctx.timeMode, warehouse?.timezone, 'HH:mm')}
          {warehouse ? (
            <>
              <span className={styles.muted} aria-hidden>
                ·
              </span>
              <TruncatedText text={warehouse.name} className={styles.muted} testId="order-warehouse" />
            </>
          ) : null}
        </span>
      </td>

      <td className={styles.cellStack}>
        <span className={styles.courier}>
          {courier.known ? null : (
            <TriangleAlert size={12} aria-label="Unknown courier" className={styles.missingCourier} />
          )}
          <TruncatedText text={courier.name} />
        </span>
        <span className={styles.sub}>
          {courier.trackingNumber ? (
            <>
              <CopyButton
                value={courier.trackingNumber}
                label={`Copy tracking number ${courier.trackingNumber}`}
                // A shortened or cut number shows in full in the tooltip (hover and focus).
                tooltip={`Copy ${courier.trackingNumber}`}
                className={styles.tracking}
              >
                {shortenLongText(courier.trackingNumber)}
              </CopyButton>
              {courier.trackingUrl ? (
                <a
                  href={courier.trackingUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className={styles.iconLink}
                  aria-label={`Track parcel ${courier.trackingNumber}`}
                >
                  <ExternalLink size={12} aria-hidden />
                </a>
              ) : null}
            </>
          ) : (
            <span className={styles.muted}>No tracking yet</span>
          )}
        </span>
      </td>

      <td className={styles.cellStack}>
        <span className={styles.status} data-testid="order-status">
          <TruncatedText text={orderStatusLabel(status.key)} />
          {order.late.is_late ? (
            <span className={styles.lateBadge} data-testid="late-badge">
              Late
            </span>
          ) : null}
        </span>
        <span className={styles.sub}>
          {formatZoned(status.date, ctx.timeMode, warehouse?.timezone, 'dd MMM, HH:mm')}
        </span>
      </td>

      <td className={styles.cellStack}>
        <span className={styles.payment} data-kind={paymentBadge(order.payment)}>
          {paymentBadge(order.payment)}
        </span>
        <PayoutBar order={order} />
      </td>

      <td className={styles.cellComments}>
        <CommentOverview
          order={order}
          comments={comments}
          counts={commentCounts}
          userUid={ctx.userUid}
          department={ctx.department}
          now={ctx.now}
          href={rowDetailHref(order, comments, ctx.userUid, commentCounts)}
        />
      </td>

      <td className={styles.cellActions}>
        {label ? (
          <LabelLink
            order={order}
            label={label}
            className={styles.pdf}
            // The visible 'PDF' starts the name (label in name): voice control users say what they see.
            aria-label="PDF shipping label"
            title="Shipping label (PDF)"
          >
            <FileText size={14} aria-hidden />
            PDF
          </LabelLink>
        ) : null}
        <OrderOptionsMenu order={order} warehouse={warehouse ?? null} onAction={ctx.onAction} />
      </td>

      <td className={styles.cellManaged}>
        {isProviderManaged(order) ? (
          <span
            className={styles.managed}
            title="Managed by Waybill"
            role="img"
            aria-label="Managed by Waybill"
          >
            W
          </span>
        ) : null}
      </td>
    </tr>
  );
});

function PayoutBar({ order }: { order: Order }) {
  const key = order.payout?.status.key ?? null;
  const step = PAYOUT_STEPS.indexOf(key as (typeof PAYOUT_STEPS)[number]);
  const late = order.payout?.late.is_late === true;
  if (!order.payment.cash_on_delivery || step < 0) {
    return <span className={styles.muted}>{key ? (PAYOUT_LABELS[key] ?? key) : 'No payout'}</span>;
  }
  return (
    <span
      className={styles.payout}
      title={`Payout: ${PAYOUT_LABELS[key ?? ''] ?? key}`}
      data-late={late || undefined}
    >
      <span className={styles.payoutTrack} aria-hidden>
        {PAYOUT_STEPS.map((s, i) => (
          <span key={s} className={styles.payoutStep} data-filled={i <= step || undefined} />
        ))}
      </span>
      <span className={styles.payoutText}>{PAYOUT_LABELS[key ?? ''] ?? key}</span>
    </span>
  );
}
