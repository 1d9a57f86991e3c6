import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  countNoun,
  formatCount,
  INBOUND_STATUS_LABELS,
  INBOUND_TEXT_LIMITS,
  type Inbound,
  inboundColour,
  inboundHasMarkerStrip,
  inboundStatusPill,
  organizationLabel,
  PLACEHOLDERS,
  shortenText,
  warehouseIconSize,
} from '@waybill/contracts';
import { Hourglass, MoreVertical, Warehouse } from 'lucide-react';
import { memo } from 'react';
import { MenuPortal } from '../../../components/index.js';
import { colourVar, tintVar } from '../../../lib/priority-colour.js';
import type { InboundReference } from '../api/use-reference.js';
import styles from './inbound-row.module.css';

export type InboundAction = 'arrived' | 'processing' | 'delete' | 'export';

const ICON_PX = { large: 22, medium: 18, small: 14 } as const;

export interface InboundRowProps {
  inbound: Inbound;
  reference: InboundReference;
  now: Date;
  onOpen: (uid: string) => void;
  onAction: (uid: string, action: InboundAction) => void;
}

/** One inbound: Reception, SKUs and Items, Warehouse, Status and the actions menu. */
export const InboundRow = memo(function InboundRow({
  inbound,
  reference,
  now,
  onOpen,
  onAction,
}: InboundRowProps) {
  const colour = inboundColour(inbound);
  const merchant = organizationLabel(reference.organizations.get(inbound.organization_uid)?.name);
  const warehouse = inbound.fulfillment_center_uid
    ? reference.warehouses.get(inbound.fulfillment_center_uid)
    : undefined;
  const pill = inboundStatusPill(inbound, now);
  const iconSize = warehouseIconSize(inbound.line_items_computed.incoming_total);
  const identifier = inbound.external_data?.identifier ?? null;

  return (
    <tr
      className={styles.row}
      data-colour={colour}
      data-testid="inbound-row"
      data-uid={inbound.uid}
      style={{ ['--row-colour' as string]: colourVar(colour), ['--row-tint' as string]: tintVar(colour) }}
      onClick={() => onOpen(inbound.uid)}
    >
      <td className={styles.receptionCell}>
        <div className={styles.reception}>
          {inboundHasMarkerStrip(inbound) ? (
            <span className={styles.marker} data-testid="red-marker" aria-hidden />
          ) : null}
          <a
            className={styles.name}
            href={`/inbounds/inbound?uid=${encodeURIComponent(inbound.uid)}&cached=true`}
            title={inbound.name}
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              onOpen(inbound.uid);
            }}
          >
            {shortenText(inbound.name, INBOUND_TEXT_LIMITS.receptionName)}
          </a>
          <span className={styles.sub} title={merchant}>
            {merchant}
          </span>
          {identifier ? (
            <span className={styles.identifier} title={identifier}>
              {shortenText(identifier, INBOUND_TEXT_LIMITS.warehouseIdentifier)}
            </span>
          ) : null}
        </div>
      </td>
      <td className={styles.numbers}>
        <span>
          <strong>{formatCount(inbound.line_items_computed.items.length)}</strong>{' '}
          {countNoun(inbound.line_items_computed.items.length, 'sku')}
        </span>
        <span>
          <strong>{formatCount(inbound.line_items_computed.incoming_total)}</strong>{' '}
          {countNoun(inbound.line_items_computed.incoming_total, 'item')}
        </span>
      </td>
      <td className={styles.warehouse}>
        {inbound.fulfillment_center_uid === null ? (
          <span className={styles.notSent}>{PLACEHOLDERS.notSentToWarehouse}</span>
        ) : (
          <>
            <Warehouse
              size={ICON_PX[iconSize]}
              aria-hidden
              data-size={iconSize}
              data-testid="warehouse-icon"
            />
            <span className={styles.warehouseName} title={warehouse?.name ?? PLACEHOLDERS.warehouse}>
              {warehouse?.name ?? PLACEHOLDERS.warehouse}
            </span>
            {warehouse?.display_address?.country_code ? (
              <span className={styles.country}>{warehouse.display_address.country_code}</span>
            ) : null}
          </>
        )}
      </td>
      <td>
        <span className={styles.pill} data-status={inbound.status} data-testid="status-pill">
          {pill.hourglass ? <Hourglass size={12} aria-label="Late" /> : null}
          <span className={styles.pillLabel}>{INBOUND_STATUS_LABELS[inbound.status]}</span>
          {pill.text ? <span className={styles.pillDetail}>{pill.text}</span> : null}
        </span>
      </td>
      <td
        className={styles.actions}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
      >
        <Menu.Root modal={false}>
          <Menu.Trigger className={styles.dots} aria-label={`Actions for ${inbound.name}`}>
            <MoreVertical size={16} aria-hidden />
          </Menu.Trigger>
          <MenuPortal>
            <Menu.Content className={styles.menu} align="end" sideOffset={4}>
              <Menu.Item className={styles.menuItem} onSelect={() => onAction(inbound.uid, 'arrived')}>
                Mark as Arrived
              </Menu.Item>
              <Menu.Item className={styles.menuItem} onSelect={() => onAction(inbound.uid, 'processing')}>
                Mark as Processing
              </Menu.Item>
              <Menu.Item
                className={styles.menuItem}
                data-danger
                onSelect={() => onAction(inbound.uid, 'delete')}
              >
                Delete
              </Menu.Item>
              <Menu.Item className={styles.menuItem} onSelect={() => onAction(inbound.uid, 'export')}>
                Export
              </Menu.Item>
            </Menu.Content>
          </MenuPortal>
        </Menu.Root>
      </td>
    </tr>
  );
});
