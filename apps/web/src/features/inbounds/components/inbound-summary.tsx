import {
  countNoun,
  formatCount,
  INBOUND_TEXT_LIMITS,
  type Inbound,
  inboundColour,
  organizationLabel,
  PLACEHOLDERS,
  shortenText,
} from '@waybill/contracts';
import { colourVar } from '../../../lib/priority-colour.js';
import type { InboundReference } from '../api/use-reference.js';
import styles from './inbound-modals.module.css';

/** The inbound a modal acts on: reception number, merchant, warehouse and quantities. */
export function InboundSummary({ inbound, reference }: { inbound: Inbound; reference: InboundReference }) {
  const colour = inboundColour(inbound);
  const warehouse = inbound.fulfillment_center_uid
    ? (reference.warehouses.get(inbound.fulfillment_center_uid)?.name ?? PLACEHOLDERS.warehouse)
    : PLACEHOLDERS.notSentToWarehouse;
  return (
    <div className={styles.summary} style={{ ['--summary-colour' as string]: colourVar(colour) }}>
      <strong title={inbound.name}>{shortenText(inbound.name, INBOUND_TEXT_LIMITS.receptionNumber)}</strong>
      <span>{organizationLabel(reference.organizations.get(inbound.organization_uid)?.name)}</span>
      <span>
        {warehouse} · {formatCount(inbound.line_items_computed.items.length)}{' '}
        {countNoun(inbound.line_items_computed.items.length, 'sku')} ·{' '}
        {formatCount(inbound.line_items_computed.incoming_total)}{' '}
        {countNoun(inbound.line_items_computed.incoming_total, 'item')}
      </span>
    </div>
  );
}
