import * as Dialog from '@radix-ui/react-dialog';
import {
  type FulfillmentCenter,
  formatOrderReference,
  type Order,
  orderDetailColour,
  orderStatusLabel,
  organizationLabel,
  PAYOUT_PROVIDER_HELD,
} from '@waybill/contracts';
import { ChevronLeft, ChevronRight, ExternalLink, X } from 'lucide-react';
import { CopyButton } from '../../../components/copy-button/copy-button.js';
import { FollowButton } from '../../../components/follow-button/follow-button.js';
import { HoldControl } from '../../../components/holds/index.js';
import { PresenceAvatars } from '../../../components/presence/presence-avatars.js';
import { formatZoned } from '../../../lib/format-date.js';
import { colourVar } from '../../../lib/priority-colour.js';
import type { TimeMode } from '../../../lib/time-mode.js';
import { type CourierView, warehouseLabel } from '../lib/detail-view.js';
import { HeaderMenu } from './header-menu.js';
import styles from './order-detail.module.css';
import { OrderLinks } from './order-links.js';

const PAYOUT_LABELS: Record<string, string> = {
  collected: 'Collected',
  [PAYOUT_PROVIDER_HELD]: 'At Waybill',
  at_merchant: 'At Merchant',
  not_applicable: 'Not applicable',
};

export interface OrderHeaderProps {
  order: Order;
  warehouse: FulfillmentCenter | null;
  organizationName: string | null | undefined;
  channel: string;
  courier: CourierView;
  timeMode: TimeMode;
  previousHref: string | null;
  nextHref: string | null;
  onNavigate: (href: string) => void;
  onAddComment: () => void;
  /** Counts asks to open the status menu (the s key). */
  menuRequest: number;
  onChanged: () => void;
  onClose: () => void;
}

/** Detail header in the darker priority colour: who, where, when, courier, status, payout and actions. */
export function OrderHeader(props: OrderHeaderProps) {
  const { order, warehouse, courier } = props;
  const colour = orderDetailColour(order.display_priority);
  const payoutKey = order.payout?.status.key ?? null;
  return (
    // A div, not <header>: beside the app header, which stays in use above the detail, it would be
    // a second banner landmark.
    <div
      className={styles.header}
      data-testid="order-detail-header"
      data-colour={colour}
      style={{ ['--header-colour' as string]: colourVar(colour) }}
    >
      <div className={styles.headerTop}>
        <div className={styles.arrows}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Previous order with comments"
            disabled={!props.previousHref}
            onClick={() => props.previousHref && props.onNavigate(props.previousHref)}
          >
            <ChevronLeft size={16} aria-hidden />
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Next order with comments"
            disabled={!props.nextHref}
            onClick={() => props.nextHref && props.onNavigate(props.nextHref)}
          >
            <ChevronRight size={16} aria-hidden />
          </button>
        </div>
        <Dialog.Title className={styles.reference}>
          <CopyButton value={order.reference} label={`Copy order reference ${order.reference ?? ''}`}>
            {formatOrderReference(order.reference)}
          </CopyButton>
        </Dialog.Title>
        {order.payment.cash_on_delivery ? <span className={styles.marker}>COD</span> : null}
        {order.payment.bank_deposit ? <span className={styles.marker}>BANK</span> : null}
        <span className={styles.spacer} />
        <PresenceAvatars orderUid={order.uid} className={styles.presence} />
        <HoldControl orderUid={order.uid} />
        <FollowButton orderUid={order.uid} />
        <span className={styles.statusPill} data-testid="detail-status">
          {orderStatusLabel(order.aggregated_status.key)}
          <span className={styles.statusDate}>
            {formatZoned(order.aggregated_status.date, props.timeMode, warehouse?.timezone, 'dd MMM, HH:mm')}
          </span>
        </span>
        <HeaderMenu
          order={order}
          warehouse={warehouse}
          merchant={props.channel}
          onAddComment={props.onAddComment}
          menuRequest={props.menuRequest}
          onChanged={props.onChanged}
        />
        <button type="button" className={styles.iconButton} aria-label="Close" onClick={props.onClose}>
          <X size={16} aria-hidden />
        </button>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Merchant</dt>
          <dd>{props.channel}</dd>
        </div>
        <div>
          <dt>Organisation</dt>
          <dd>{organizationLabel(props.organizationName)}</dd>
        </div>
        <div>
          <dt>Warehouse</dt>
          <dd>{warehouseLabel(warehouse)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {formatZoned(order.external_app_dates.created_at, props.timeMode, warehouse?.timezone)}
            <span className={styles.muted}>
              {' '}
              ({props.timeMode === 'warehouse' ? 'warehouse' : 'local'} time)
            </span>
          </dd>
        </div>
        <div>
          <dt>Courier</dt>
          <dd className={styles.courier}>
            {courier.name}
            {courier.trackingNumber ? (
              <CopyButton
                value={courier.trackingNumber}
                label={`Copy tracking number ${courier.trackingNumber}`}
              >
                {courier.trackingNumber}
              </CopyButton>
            ) : null}
            {courier.trackingUrl ? (
              <a
                href={courier.trackingUrl}
                target="_blank"
                rel="noreferrer noopener"
                className={styles.iconButton}
                aria-label={`Track parcel ${courier.trackingNumber ?? ''}`}
              >
                <ExternalLink size={14} aria-hidden />
              </a>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Payout</dt>
          <dd>
            {payoutKey ? (PAYOUT_LABELS[payoutKey] ?? payoutKey) : '-'}
            {order.payout?.late.is_late ? <span className={styles.late}>Late</span> : null}
          </dd>
        </div>
      </dl>
      <OrderLinks order={order} />
    </div>
  );
}
